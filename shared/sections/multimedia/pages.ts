import { MultimediaPage } from './MultimediaPage.tsx';
import { PhotoGalleriesPage, PodcastsPage, VideosPage } from './MediaListPages.tsx';
import { PhotoGalleryPage } from './PhotoGalleryPage.tsx';
import { PodcastPage } from './PodcastPage.tsx';
import { VideoPage } from './VideoPage.tsx';

export const pages = {
  multimedia: { Component: MultimediaPage },
  'multimedia-photo-galleries': { Component: PhotoGalleriesPage },
  'multimedia-photo-gallery': { Component: PhotoGalleryPage },
  'multimedia-podcasts': { Component: PodcastsPage },
  'multimedia-podcast': { Component: PodcastPage },
  'multimedia-videos': { Component: VideosPage },
  'multimedia-video': { Component: VideoPage },
};
