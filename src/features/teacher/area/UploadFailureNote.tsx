import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import Typography from '@mui/material/Typography';

/**
 * Why an upload failed, under the form's button, when the failure toast has already said that it
 * failed: shown, and read with the button it describes (which takes the focus), but not a second
 * alert. Looks like an error `ServerMessage`.
 */
export function UploadFailureNote({ id, children }: { id: string; children: string }) {
  return (
    <Typography id={id} sx={{ color: 'error.main', display: 'flex', alignItems: 'flex-start', gap: 1, fontWeight: 500 }}>
      <ErrorOutlinedIcon fontSize="small" aria-hidden sx={{ mt: '0.15em', flexShrink: 0 }} />
      <span>{children}</span>
    </Typography>
  );
}
