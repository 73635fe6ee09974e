import type { EmailPreview } from '@evreg/contracts';
import { Box, Typography } from '@mui/material';

/** A rendered e-mail (subject, HTML, text part). The HTML is shown in a sandboxed frame with no rights at
 * all (no scripts, no forms, no navigation of this page, its own origin): a template is staff-written
 * content, and the sample values are already escaped by the server. */
export function EmailPreviewView({ preview }: { preview: EmailPreview }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2">
        <strong>Asunto:</strong> {preview.subject}
      </Typography>
      <Box
        component="iframe"
        title="Vista previa del email"
        sandbox=""
        srcDoc={preview.html}
        sx={{ width: '100%', height: 520, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
      />
      <Box component="details">
        <Box component="summary" sx={{ cursor: 'pointer', typography: 'body2' }}>
          Versión de texto plano
        </Box>
        <Box
          component="pre"
          sx={{
            whiteSpace: 'pre-wrap',
            typography: 'body2',
            fontFamily: 'monospace',
            bgcolor: 'action.hover',
            p: 1.5,
            borderRadius: 1,
          }}
        >
          {preview.text}
        </Box>
      </Box>
    </Box>
  );
}
