import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { type Course, classifyError, errorText, useSetCourseStatusMutation } from '@/api';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useToasts } from '@/components/toasts/useToasts';
import { paths } from '@/config/paths';
import { teacherCourseMessages as messages } from './courseMessages';
import { rowActionNames } from './rowActionNames';

const subjectOf = (course: Course) => course.title || `#${course.id}`;

/**
 * A course's Draft / Published chip (extension: nothing on a provider without `status`, where
 * every course is published). Text, not colour alone, says which.
 */
export function CourseStatusChip({ course }: { course: Course }) {
  if (course.status === undefined) return null;
  const draft = course.status === 'draft';
  return <Chip size="small" variant={draft ? 'outlined' : 'filled'} color={draft ? 'default' : 'success'} label={draft ? messages.draftChip : messages.publishedChip} />;
}

/** Why a course cannot be published yet: the missing parts, each with the link that fixes it, or the provider's words. */
type Refusal = { missing: ('chapter' | 'image')[] } | { msg: string };

export interface PublishCourseButtonProps {
  course: Course;
  /** How many chapters the course has (Publish asks for at least one). */
  chapterCount: number;
  /** 'contained' where it is the page's main action (a draft's notice). */
  variant?: 'outlined' | 'contained';
}

/**
 * Publish (a draft) or Unpublish (a published course), extension of issue 23; nothing on a
 * provider without `status`. Publish first checks what the spec asks for, at least one chapter
 * and an image, and names what is missing with the link that fixes it instead of calling; the
 * provider's own refusal (400 `msg`) is shown the same way. Unpublish asks first, saying that
 * the enrolled students keep their access. The button changes in place through the cache tags,
 * so the focus stays on it.
 */
export function PublishCourseButton({ course, chapterCount, variant = 'outlined' }: PublishCourseButtonProps) {
  const [setCourseStatus, { isLoading }] = useSetCourseStatusMutation();
  const { enqueueSnackbar } = useToasts();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refusalTitleId = useId();
  const title = subjectOf(course);

  if (course.status === undefined) return null;

  async function publish() {
    const missing: ('chapter' | 'image')[] = [];
    if (chapterCount === 0) missing.push('chapter');
    if (!course.featured_img) missing.push('image');
    if (missing.length > 0) {
      setRefusal({ missing });
      return;
    }
    try {
      await setCourseStatus({ courseId: course.id, courseStatusForm: { status: 'published' } }).unwrap();
      enqueueSnackbar(messages.published(title), { variant: 'success' });
    } catch (error) {
      if (classifyError(error).kind === 'refused') setRefusal({ msg: errorText(error, messages.notPublished) });
      else enqueueSnackbar(errorText(error, messages.notPublished), { variant: 'error' });
    }
  }

  async function unpublish() {
    try {
      await setCourseStatus({ courseId: course.id, courseStatusForm: { status: 'draft' } }).unwrap();
      enqueueSnackbar(messages.unpublished(title), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(errorText(error, messages.notUnpublished), { variant: 'error' });
    } finally {
      setConfirming(false);
    }
  }

  const draft = course.status === 'draft';
  return (
    <>
      <Button
        size="small"
        variant={variant}
        // Not disabled while publishing: a disabled button would drop the keyboard focus; a second click waits instead.
        aria-label={draft ? rowActionNames.publishCourse(title) : rowActionNames.unpublishCourse(title)}
        onClick={() => {
          if (isLoading) return;
          if (draft) void publish();
          else setConfirming(true);
        }}
      >
        {draft ? messages.publishButton : messages.unpublishButton}
      </Button>
      <Dialog open={refusal !== null} onClose={() => setRefusal(null)} aria-labelledby={refusalTitleId}>
        <DialogTitle id={refusalTitleId}>{messages.notReadyTitle(title)}</DialogTitle>
        <DialogContent>
          {refusal && 'msg' in refusal ? <Typography>{refusal.msg}</Typography> : null}
          {refusal && 'missing' in refusal ? (
            <ul style={{ margin: 0, paddingInlineStart: '1.25em' }}>
              {refusal.missing.map((part) => (
                <li key={part}>
                  <Typography component="span">{part === 'chapter' ? messages.missingChapter : messages.missingImage}</Typography>{' '}
                  <Link component={RouterLink} to={part === 'chapter' ? paths.addChapter(course.id) : paths.editCourse(course.id)}>
                    {part === 'chapter' ? messages.fixChapter : messages.fixImage}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </DialogContent>
        <DialogActions>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog only informs: its one button takes the focus */}
          <Button onClick={() => setRefusal(null)} autoFocus>
            {messages.closeButton}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title={messages.unpublishQuestion(title)}
        confirmLabel={messages.unpublishButton}
        cancelLabel={messages.unpublishCancel}
        destructive={false}
        busy={isLoading}
        onConfirm={() => void unpublish()}
        onCancel={() => setConfirming(false)}
      >
        {messages.unpublishDetail(course.total_enrolled_students ?? 0)}
      </ConfirmDialog>
    </>
  );
}
