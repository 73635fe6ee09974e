import type { AdminEvent } from '@evreg/contracts';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { eventMatches, eventPlace } from './sessionChoice';

/** MUI Autocomplete's own texts in Spanish, and the spec's list height (60 units, 15rem). */
export const AUTOCOMPLETE_TEXTS = {
  openText: 'Abrir',
  closeText: 'Cerrar',
  clearText: 'Borrar',
  loadingText: 'Cargando...',
  slotProps: { listbox: { sx: { maxHeight: 240 } } },
} as const;

/** An event picked by typing (title, city or address), as the waiting lists and the blacklist dialog ask
 * (docs/product.md §2: search as you type). */
export function EventAutocomplete({
  events,
  value,
  onChange,
  label = 'Evento',
  error,
  helperText,
  onBlur,
}: {
  events: AdminEvent[];
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
  error?: boolean;
  helperText?: string;
  onBlur?: () => void;
}) {
  return (
    <Autocomplete
      options={events}
      value={events.find((e) => e.id === value) ?? null}
      onChange={(_e, event) => onChange(event?.id ?? null)}
      onBlur={onBlur}
      getOptionLabel={(event) => event.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(options, { inputValue }) => options.filter((event) => eventMatches(event, inputValue))}
      renderOption={({ key, ...props }, event) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{event.title}</Typography>
            <Typography variant="caption" color="text.secondary">
              {eventPlace(event)}
            </Typography>
          </Box>
        </Box>
      )}
      noOptionsText="No se encontraron eventos"
      {...AUTOCOMPLETE_TEXTS}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder="Escribe para buscar" error={error} helperText={helperText} />
      )}
    />
  );
}
