export declare const reactRouterProduction: { find: RegExp; replacement: string }[];
