import { StudyPage } from './StudyPage.tsx';
import { OnlineCoursesPage } from './OnlineCoursesPage.tsx';
import { WebinarPage } from './WebinarPage.tsx';
import { WebinarsPage } from './WebinarsPage.tsx';

export const pages = {
  study: { Component: StudyPage },
  'study-online-courses': { Component: OnlineCoursesPage },
  'study-webinars': { Component: WebinarsPage },
  'study-webinar': { Component: WebinarPage },
};
