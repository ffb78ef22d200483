import '@vitejs/plugin-react/preamble';
import './styles/index.css';
// every section's stylesheet, in the entry's CSS: components are shared across sections (the file list, cards, the
// map), so their rules must be there whichever section's page comes first
import.meta.glob('../shared/sections/*/styles.css', { eager: true });
// and the components' own stylesheets: otherwise the shared page kit's few rules were a second render-blocking
// stylesheet on every section page, a request on the way to the first paint (ADR 0077)
import.meta.glob('../shared/ui/**/*.css', { eager: true });
import { startApp } from './app.tsx';

await startApp();
