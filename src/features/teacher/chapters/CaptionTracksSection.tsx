import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import {
  type CaptionTrack,
  type Chapter,
  errorText,
  uploadRules,
  useDeleteChapterCaptionTrackMutation,
  usePutChapterCaptionTrackMutation,
} from '@/api';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { academyLanguages, type LanguageTag } from '@/components/courseLanguage';
import { fileHint, fileProblem } from '@/components/fileChecks';
import { RESULT_TOAST_MS } from '@/components/toasts/toastDurations';
import { useToasts } from '@/components/toasts/useToasts';
import { captionTrackMessages as messages } from './captionTrackMessages';

const rules = uploadRules.putChapterCaptionTrack.captions;

/** Languages a track may be in: the course's first, then the academy's, then other common ones. */
const otherLanguages = [
  { tag: 'pt', name: 'Portuguese' },
  { tag: 'it', name: 'Italian' },
  { tag: 'ar', name: 'Arabic' },
  { tag: 'zh', name: 'Chinese' },
  { tag: 'sw', name: 'Swahili' },
  { tag: 'ha', name: 'Hausa' },
  { tag: 'ig', name: 'Igbo' },
] as const;
function languageChoices(courseLanguage: LanguageTag | undefined) {
  const all = [...academyLanguages, ...otherLanguages];
  const first = all.find((language) => language.tag === courseLanguage);
  return first ? [first, ...all.filter((language) => language !== first)] : all;
}

interface CaptionTracksSectionProps {
  chapter: Chapter;
  courseLanguage: LanguageTag | undefined;
}

/**
 * The chapter editor's 'Captions' section (extension, issue 39): its WebVTT tracks by language,
 * each replaceable and deletable (confirmed), and a form to add one (language and file, checked
 * before sending as the provider checks it). Rendered only when the provider lists tracks.
 */
export function CaptionTracksSection({ chapter, courseLanguage }: CaptionTracksSectionProps) {
  const [putTrack, putting] = usePutChapterCaptionTrackMutation();
  const [deleteTrack, deleting] = useDeleteChapterCaptionTrackMutation();
  const { enqueueSnackbar } = useToasts();
  const choices = languageChoices(courseLanguage);
  // Until the teacher picks one: the first language the chapter has no track in (the course's, once known).
  const [picked, setLang] = useState<string | null>(null);
  const lang = picked ?? choices.find((choice) => !chapter.caption_tracks.some((track) => track.lang === choice.tag))?.tag ?? choices[0]!.tag;
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<CaptionTrack | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<CaptionTrack | null>(null);
  const headingId = useId();
  const fileId = useId();
  const hintId = useId();

  const send = async (trackLang: string, captions: File, label: string) => {
    const refused = fileProblem(captions, rules, 'captions');
    if (refused) {
      enqueueSnackbar(refused, { variant: 'error' });
      return false;
    }
    try {
      await putTrack({ chapterId: chapter.id, lang: trackLang, captionTrackForm: { captions } }).unwrap();
      enqueueSnackbar(messages.saved(label), { variant: 'success', autoHideDuration: RESULT_TOAST_MS });
      return true;
    } catch (error) {
      enqueueSnackbar(errorText(error, messages.saveFailed), { variant: 'error' });
      return false;
    }
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setProblem(chosen ? fileProblem(chosen, rules, 'captions') : null);
  };

  const add = async () => {
    if (!file) {
      setProblem(messages.chooseFile);
      fileInput.current?.focus();
      return;
    }
    const refused = fileProblem(file, rules, 'captions');
    if (refused) {
      setProblem(refused);
      fileInput.current?.focus();
      return;
    }
    const label = choices.find((choice) => choice.tag === lang)?.name ?? lang;
    if (await send(lang, file, label)) {
      setFile(null);
      setProblem(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const onReplace = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    const track = replacing;
    event.target.value = '';
    setReplacing(null);
    if (chosen && track) await send(track.lang, chosen, track.label);
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteTrack({ chapterId: chapter.id, lang: toDelete.lang }).unwrap();
      enqueueSnackbar(messages.deleted(toDelete.label), { variant: 'success', autoHideDuration: RESULT_TOAST_MS });
    } catch (error) {
      enqueueSnackbar(errorText(error, messages.deleteFailed), { variant: 'error' });
    }
    setToDelete(null);
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4, maxWidth: 640 }}>
      <Typography variant="h2" id={headingId} sx={{ fontSize: '1.25rem', mb: 1 }}>
        {messages.heading}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>{messages.intro}</Typography>
      {chapter.caption_tracks.length === 0 ? (
        <Typography sx={{ mb: 2 }}>{messages.none}</Typography>
      ) : (
        <Box component="ul" aria-label={messages.listLabel} sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
          {chapter.caption_tracks.map((track) => (
            <Box
              component="li"
              key={track.lang}
              sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography sx={{ flex: '1 1 auto' }}>
                {track.label} <Box component="span" sx={{ color: 'text.secondary' }}>({track.lang})</Box>
              </Typography>
              <Button
                size="small"
                disabled={putting.isLoading}
                aria-label={messages.replaceNamed(track.label)}
                onClick={() => {
                  setReplacing(track);
                  replaceInput.current?.click();
                }}
              >
                {messages.replace}
              </Button>
              <Button size="small" color="error" aria-label={messages.deleteNamed(track.label)} onClick={() => setToDelete(track)}>
                {messages.delete}
              </Button>
            </Box>
          ))}
        </Box>
      )}
      <input ref={replaceInput} type="file" accept=".vtt,text/vtt" hidden aria-hidden tabIndex={-1} onChange={(event) => void onReplace(event)} />
      <Typography variant="h3" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
        {messages.addHeading}
      </Typography>
      <Stack spacing={2}>
        <TextField select label={messages.language} value={lang} onChange={(event) => setLang(event.target.value)} slotProps={{ select: { native: true } }}>
          {choices.map((choice) => (
            <option key={choice.tag} value={choice.tag}>
              {choice.name}
            </option>
          ))}
        </TextField>
        <Box>
          <Typography component="label" htmlFor={fileId} sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
            {messages.file}
          </Typography>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept=".vtt,text/vtt"
            aria-describedby={hintId}
            aria-invalid={problem ? true : undefined}
            onChange={onChoose}
            // Within a 320 px window, as FileField's (WCAG 1.4.10).
            style={{ font: 'inherit', maxWidth: '100%' }}
          />
          <Typography id={hintId} variant="body2" sx={{ mt: 0.5, color: problem ? 'error.main' : 'text.secondary' }}>
            {problem ?? messages.fileHint(fileHint(rules))}
          </Typography>
        </Box>
        <Box>
          <Button variant="contained" disabled={putting.isLoading} onClick={() => void add()}>
            {messages.add}
          </Button>
        </Box>
      </Stack>
      <ConfirmDialog
        open={toDelete !== null}
        title={messages.deleteTitle(toDelete?.label ?? '')}
        confirmLabel={messages.delete}
        cancelLabel={messages.cancel}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {messages.deleteText}
      </ConfirmDialog>
    </Box>
  );
}
