import { EMAIL_PLACEHOLDERS } from '@evreg/contracts';
import { Box, Typography } from '@mui/material';
import { PLACEHOLDER_HELP, placeholderToken } from './rules';

/** The placeholders a template may use (docs/product.md §3), with what each one holds. */
export function PlaceholderHelp() {
  return (
    <Box
      component="section"
      aria-labelledby="placeholders-title"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Typography id="placeholders-title" component="h3" variant="subtitle2" sx={{ mb: 1 }}>
        Marcadores disponibles
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, typography: 'body2' }}
      >
        {EMAIL_PLACEHOLDERS.map((name) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontFamily: 'monospace' }}>
              {placeholderToken(name)}
            </Box>
            <Box component="dd" sx={{ m: 0, color: 'text.secondary' }}>
              {PLACEHOLDER_HELP[name]}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        Para una parte condicional: <code>{'{{#if queuePosition}}...{{/if}}'}</code> o{' '}
        <code>{'{{#unless marcador}}...{{/unless}}'}</code>. Los valores se escapan en el HTML.
      </Typography>
    </Box>
  );
}
