/** The texts of the teacher's chapter screens (spec sections 2.5 and 8: the quoted ones to the letter; the others are ours). */
export const teacherChapterMessages = {
  chaptersTitle: 'All Chapters',
  chaptersTitleWithCount: (count: number) => `All Chapters (${count})`,
  chaptersTableLabel: 'Chapters of the course',
  videoColumn: 'Video',
  remarksColumn: 'Remarks',
  noVideo: 'No Video',
  chapterVideoLabel: (title: string) => `Video of ${title}`,
  editChapterLabel: (title: string) => `Edit chapter ${title}`,
  deleteChapterLabel: (title: string) => `Delete chapter ${title}`,
  loadingChapters: 'Loading the chapters',
  chaptersNotFound: 'Course chapters not found.',
  unauthorized: 'Unauthorized access. Please log in.',
  unexpectedError: 'An unexpected error occurred.',
  noChapters: 'No chapters found for this course.',
  deleteChapterQuestion: 'Are you sure you want to delete this chapter?',
  chapterDeleted: 'This particular chapter has been deleted.',
  chapterNotDeleted: 'Chapter has not been deleted!',

  addChapterTitle: 'Add Chapter',
  chapterTitleLabel: 'Title',
  descriptionLabel: 'Description',
  titleRequired: 'Enter a title.',
  videoLabel: 'Video',
  remarksLabel: 'Remarks',
  videoRequired: 'Choose a video.',
  captionsLabel: 'Captions',
  captionsHint: (types: string) => `Optional: the English captions of the video, ${types}`,
  uploadChapterButton: 'Upload Chapter',
  uploadingChapter: 'Uploading chapter, please wait...',
  chapterUploaded: 'Chapter uploaded successfully!',
  chapterUploadFailed: 'Error uploading chapter. Please try again.',

  editChapterTitle: 'Update Chapter',
  noChapterId: 'No chapter ID provided.',
  loadingChapter: 'Loading the chapter',
  chapterLoadFailed: 'The chapter could not be loaded.',
  chapterNotFound: 'This chapter was not found.',
  chapterUpdated: 'Chapter updated successfully',
  chapterUpdateFailed: 'The chapter could not be updated. Please try again.',

  /** Free previews (extension, issue 39). */
  previewLabel: 'Free preview',
  previewHint: 'Anyone may watch this chapter on the course page, without enrolling.',

  /** Resumable video uploads (extension, issue 39). */
  resumableVideoHint: (maxBytes: number) => `WebM, MP4 or Ogg, up to ${sizeWords(maxBytes)}. It uploads as soon as you choose it, and resumes if interrupted.`,
  videoWrongType: 'Choose a WebM, MP4 or Ogg video.',
  currentVideo: 'Current video',
  videoTooLarge: (maxBytes: number) => `The video is too large: the limit is ${sizeWords(maxBytes)}.`,
  videoEmpty: 'This file is empty.',
  videoProgressLabel: 'Video upload progress',
  uploadingVideo: (percent: number) => `Uploading your video: ${percent} %`,
  resumingUpload: (percent: number) => `Resuming your upload: ${percent} %`,
  uploadPaused: (percent: number) => `Upload paused at ${percent} %`,
  pauseUpload: 'Pause',
  resumeUpload: 'Resume',
  videoUploaded: (name: string) => `Uploaded: ${name}`,
  chooseAgainToResume: (name: string) => `Choose ${name} again to resume its upload.`,
  videoUploadFailed: 'The video could not be uploaded. Please try again.',
  videoStillUploading: 'Wait until the video has finished uploading.',
  leaveUploadTitle: 'Leave this page?',
  leaveUploadText: 'Your video is still uploading. If you leave, the upload pauses; choose the same file again to resume it.',
  stayOnPage: 'Stay',
  leavePage: 'Leave',
  /** Chapter order (extension, issue 39). */
  orderColumn: 'Order',
  moveUpNamed: (title: string) => `Move up: ${title}`,
  moveDownNamed: (title: string) => `Move down: ${title}`,
  moveUp: 'Move up',
  moveDown: 'Move down',
  dragHandle: 'Drag to reorder',
  orderHint: 'Drag a chapter by its handle, or use Move up and Move down.',
  chapterMoved: (title: string, position: number, count: number) => `${title} moved to position ${position} of ${count}`,
  reorderFailed: 'The chapters could not be reordered. Please try again.',
} as const;

/** A size in words: '2 GB', '500 MB'. */
function sizeWords(bytes: number): string {
  const gigabytes = bytes / 1024 ** 3;
  return gigabytes >= 1 ? `${Math.round(gigabytes * 10) / 10} GB` : `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
}
