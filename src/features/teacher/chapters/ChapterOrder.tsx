import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type PointerEvent, type ReactNode, useEffect, useState } from 'react';
import { type Chapter, errorText, useReorderChaptersMutation } from '@/api';
import type { RowColumn } from '@/components/ResponsiveRows';
import { ServerMessage } from '@/components/ServerMessage';
import { visuallyHidden } from '@/components/visuallyHidden';
import { teacherChapterMessages as messages } from './chapterMessages';

type Which = 'up' | 'down';

/** The chapters in the order `ids` gives; chapters it does not name (added meanwhile) after them. */
function inOrder(chapters: readonly Chapter[], ids: readonly number[] | null): Chapter[] {
  if (ids === null) return [...chapters];
  const byId = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  const ordered = ids.flatMap((chapterId) => byId.get(chapterId) ?? []);
  return [...ordered, ...chapters.filter((chapter) => !ids.includes(chapter.id))];
}

const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** The element around the list (the page wraps it), where the handles and buttons are looked for. */
export const ORDER_CONTAINER = 'data-chapter-order';

const container = () => document.querySelector(`[${ORDER_CONTAINER}]`);

/** Where the dragged chapter goes: after every other chapter whose handle's middle is above the pointer. */
function dropIndex(draggedId: number, pointerY: number): number {
  const handles = [...(container()?.querySelectorAll<HTMLElement>('[data-drag-handle]') ?? [])].filter(
    (handle) => Number(handle.dataset.dragHandle) !== draggedId,
  );
  return handles.filter((handle) => {
    const box = handle.getBoundingClientRect();
    return box.top + box.height / 2 < pointerY;
  }).length;
}

export interface ChapterOrder {
  /** Whether the provider orders chapters (extension: its chapters carry `position`). */
  served: boolean;
  /** The chapters as shown: in the order being saved or dragged, else as the provider sent them. */
  rows: Chapter[];
  /** The 'Order' column: the place, a drag handle, Move up and Move down. */
  column: RowColumn<Chapter>;
  /** The hint, the announcement of each move (for screen readers) and a refusal. */
  status: ReactNode;
}

/**
 * The teacher's chapter order (issue 39): 'Move up' and 'Move down' on each row (the focus stays
 * on the moved row's button, the new place is announced), and a drag by the row's handle with a
 * mouse, pen or finger (pointer events; the rows move as the pointer does). Each move is saved at
 * once with `reorderChapters`; a refusal puts the rows back and says why.
 */
export function useChapterOrder(courseId: number, chapters: readonly Chapter[] | undefined): ChapterOrder {
  const [reorder] = useReorderChaptersMutation();
  /** The order being saved or dragged (ids), until the provider's list arrives in it. */
  const [pending, setPending] = useState<number[] | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  /** The button to focus once the moved row is in its new place. */
  const [focusRequest, setFocusRequest] = useState<{ id: number; which: Which } | null>(null);
  const [saving, setSaving] = useState(false);
  const [drag, setDrag] = useState<{ id: number; start: number[] } | null>(null);

  const list = chapters ?? [];
  const served = list.length > 0 && list.every((chapter) => typeof chapter.position === 'number');
  const providerIds = list.map((chapter) => chapter.id);
  // The provider's list caught up with the order saved: it is shown as it comes from now on.
  if (pending !== null && !saving && drag === null && sameOrder(pending, providerIds)) setPending(null);
  const rows = inOrder(list, pending);
  const shownIds = rows.map((chapter) => chapter.id);

  useEffect(() => {
    if (focusRequest === null) return;
    const find = (which: Which) => container()?.querySelector<HTMLButtonElement>(`[data-order-button="${which}-${focusRequest.id}"]`);
    const wanted = find(focusRequest.which);
    // At the top (or bottom) its button is disabled: the row's other button takes the focus.
    (wanted && !wanted.disabled ? wanted : find(focusRequest.which === 'up' ? 'down' : 'up'))?.focus();
  }, [focusRequest]);

  async function save(ids: number[], chapter: Chapter) {
    setSaving(true);
    setPending(ids);
    setFailure(null);
    try {
      await reorder({ courseId, chapterOrderForm: { chapter_ids: ids.join(',') } }).unwrap();
      setAnnouncement(messages.chapterMoved(chapter.title ?? '', ids.indexOf(chapter.id) + 1, ids.length));
    } catch (error) {
      setPending(null);
      setFailure(errorText(error, messages.reorderFailed));
    } finally {
      setSaving(false);
    }
  }

  function move(chapter: Chapter, which: Which) {
    if (saving) return;
    const ids = [...shownIds];
    const from = ids.indexOf(chapter.id);
    const to = from + (which === 'up' ? -1 : 1);
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    setFocusRequest({ id: chapter.id, which });
    void save(ids, chapter);
  }

  function startDrag(chapter: Chapter, event: PointerEvent<HTMLElement>) {
    if (saving || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ id: chapter.id, start: shownIds });
    setPending(shownIds);
  }

  function dragTo(event: PointerEvent<HTMLElement>) {
    if (drag === null) return;
    const others = shownIds.filter((chapterId) => chapterId !== drag.id);
    others.splice(dropIndex(drag.id, event.clientY), 0, drag.id);
    if (!sameOrder(others, shownIds)) setPending(others);
  }

  function endDrag(chapter: Chapter, dropped: boolean) {
    const dragging = drag;
    if (dragging === null) return;
    setDrag(null);
    if (dropped && !sameOrder(shownIds, dragging.start)) void save(shownIds, chapter);
    else setPending(null);
  }

  const column: RowColumn<Chapter> = {
    header: messages.orderColumn,
    cell: (chapter) => {
      const index = shownIds.indexOf(chapter.id);
      const title = chapter.title ?? '';
      return (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            data-drag-handle={chapter.id}
            title={messages.dragHandle}
            aria-hidden
            onPointerDown={(event) => startDrag(chapter, event)}
            onPointerMove={dragTo}
            onPointerUp={() => endDrag(chapter, true)}
            onPointerCancel={() => endDrag(chapter, false)}
            sx={{ display: 'flex', p: 1, cursor: drag?.id === chapter.id ? 'grabbing' : 'grab', touchAction: 'none', color: 'text.secondary' }}
          >
            <DragIndicatorIcon />
          </Box>
          <Typography component="span" sx={{ minWidth: '1.5em' }}>
            {index + 1}
          </Typography>
          <Button
            size="small"
            data-order-button={`up-${chapter.id}`}
            aria-label={messages.moveUpNamed(title)}
            disabled={index === 0}
            onClick={() => move(chapter, 'up')}
          >
            {messages.moveUp}
          </Button>
          <Button
            size="small"
            data-order-button={`down-${chapter.id}`}
            aria-label={messages.moveDownNamed(title)}
            disabled={index === shownIds.length - 1}
            onClick={() => move(chapter, 'down')}
          >
            {messages.moveDown}
          </Button>
        </Stack>
      );
    },
  };

  const status = (
    <>
      {served && list.length > 1 ? <Typography sx={{ color: 'text.secondary' }}>{messages.orderHint}</Typography> : null}
      <Box role="status" aria-atomic="true" sx={visuallyHidden}>
        {announcement}
      </Box>
      {failure ? <ServerMessage tone="error">{failure}</ServerMessage> : null}
    </>
  );

  return { served, rows, column, status };
}
