import { FeedbackPage } from './FeedbackPage.tsx';

export const pages = {
  feedback: { Component: FeedbackPage },
};
