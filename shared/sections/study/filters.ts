import type { OnlineCourse } from '../../schemas/study.ts';

/** Course levels of the online-course filter, shared by its loader and its page. */
export type CourseLevel = OnlineCourse['level'];
export const COURSE_LEVELS: readonly CourseLevel[] = ['beginner', 'intermediate', 'advanced'];
