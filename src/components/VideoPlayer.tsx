import ClosedCaptionDisabledOutlinedIcon from '@mui/icons-material/ClosedCaptionDisabledOutlined';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

/** The note beside a player whose video has no captions. */
export const NO_CAPTIONS = 'No captions';

/** Props a caller may add to the `<video>` (a ref and media event handlers, e.g. progress). */
export type VideoElementProps = Omit<ComponentPropsWithRef<'video'>, 'src' | 'children' | 'controls' | 'aria-label'>;

export interface VideoPlayerProps {
  src: string;
  /** The WebVTT captions (English); null when the video has none. */
  captionsUrl: string | null;
  /** The player's accessible name, e.g. the chapter title. */
  label: string;
  videoProps?: VideoElementProps;
  /** False for a preview of a file just chosen, whose captions (if any) are chosen in another field. */
  noteMissingCaptions?: boolean;
  sx?: SxProps<Theme>;
  /**
   * Tracks in several languages (instead of `captionsUrl`'s English one), the one in `defaultLang`
   * shown by default; the first when none is.
   */
  tracks?: readonly { lang: string; label: string; url: string }[];
  defaultLang?: string;
  /** Drawn over the video (e.g. captions of the player's own), which must let the controls be used (pointer-events: none). */
  overlay?: ReactNode;
}

/**
 * A video with controls and, when it has them, its English captions shown by default
 * (`<track kind="captions" default>`, WCAG 1.2.2). A video without captions says so under the
 * player ('No captions', tied to it with aria-describedby) instead of pretending otherwise.
 */
export function VideoPlayer({ src, captionsUrl, label, videoProps, noteMissingCaptions = true, sx, tracks, defaultLang, overlay }: VideoPlayerProps) {
  const noteId = useId();
  const shownLang = tracks?.some((track) => track.lang === defaultLang) ? defaultLang : tracks?.[0]?.lang;
  return (
    <Box sx={[{ position: 'relative', '& video': { display: 'block', width: '100%', borderRadius: 1 } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {tracks !== undefined && tracks.length > 0 ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- its tracks, one per language, are mapped below (at least one: checked above)
        <video {...videoProps} src={src} controls preload="metadata" aria-label={label}>
          {tracks.map((track) => (
            <track key={track.lang} kind="captions" src={track.url} srcLang={track.lang} label={track.label} default={track.lang === shownLang} />
          ))}
        </video>
      ) : captionsUrl ? (
        <video {...videoProps} src={src} controls preload="metadata" aria-label={label}>
          <track kind="captions" src={captionsUrl} srcLang="en" label="English" default />
        </video>
      ) : (
        <>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the one player without a track: its video has no captions file (an optional upload), and the visible note below, tied to it, says so */}
          <video
            {...videoProps}
            src={src}
            controls
            preload="metadata"
            aria-label={label}
            aria-describedby={noteMissingCaptions ? noteId : undefined}
          />
          {noteMissingCaptions ? (
            <Typography id={noteId} variant="body2" sx={{ mt: 0.75, display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.secondary' }}>
              <ClosedCaptionDisabledOutlinedIcon fontSize="small" aria-hidden />
              {NO_CAPTIONS}
            </Typography>
          ) : null}
        </>
      )}
      {overlay}
    </Box>
  );
}
