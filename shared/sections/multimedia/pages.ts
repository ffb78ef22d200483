import { MultimediaPage } from './MultimediaPage.tsx';
import { PhotoGalleriesPage } from './PhotoGalleriesPage.tsx';
import { PhotoGalleryPage } from './PhotoGalleryPage.tsx';
import { PodcastPage } from './PodcastPage.tsx';
import { PodcastsPage } from './PodcastsPage.tsx';
import { VideoPage } from './VideoPage.tsx';
import { VideosPage } from './VideosPage.tsx';

export const pages = {
  multimedia: { Component: MultimediaPage },
  'multimedia-photo-galleries': { Component: PhotoGalleriesPage },
  'multimedia-photo-gallery': { Component: PhotoGalleryPage },
  'multimedia-podcasts': { Component: PodcastsPage },
  'multimedia-podcast': { Component: PodcastPage },
  'multimedia-videos': { Component: VideosPage },
  'multimedia-video': { Component: VideoPage },
};
