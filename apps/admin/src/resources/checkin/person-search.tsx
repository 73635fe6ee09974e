import { useEffect, useId, useState } from 'react';
import type { OfflineList } from '@evreg/contracts';
import { Box, Button, List, ListItem, ListItemText, TextField } from '@mui/material';
import type { DoorApi } from './doorApi';
import { clock, fullName, searchList, searchResults, type FoundPerson } from './rules';

/** Search by name (the downloaded list, also offline, accents and case ignored) and by e-mail or DNI (the server,
 * names only in its answer): both answers together while online, the list's alone offline. */
export function PersonSearch({
  api,
  list,
  online,
  onPick,
}: {
  api: DoorApi;
  list: OfflineList | null;
  online: boolean;
  onPick: (registrationId: number) => void;
}) {
  const [query, setQuery] = useState('');
  // The server's answer for the query it was asked, while that is still the query.
  const [remote, setRemote] = useState<{ query: string; found: FoundPerson[] } | null>(null);
  const resultsId = useId();

  useEffect(() => {
    const q = query.trim();
    if (q.length < 3 || !online) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.search(q, controller.signal).then(
        (page) =>
          setRemote({
            query: q,
            found: page.items.map(({ registrationId, firstName, lastName, checkedInAt }) => ({
              registrationId,
              firstName,
              lastName,
              checkedInAt,
            })),
          }),
        () => undefined,
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, query, online]);

  const q = query.trim();
  const local = searchList(list, query).filter((e) => e.state === 'active');
  const found = searchResults(local, online && remote?.query === q ? remote.found : []);
  // The downloaded list has no e-mails or DNI: offline, those wait for the network.
  const empty =
    !online && /[@\d]/.test(q)
      ? 'Sin conexión: por email o DNI se busca al volver la red'
      : 'Nadie con ese nombre, email o DNI en esta sesión';

  return (
    <Box component="section" aria-label="Buscar persona">
      <TextField
        label="Buscar por nombre, email o DNI"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { 'aria-controls': resultsId, enterKeyHint: 'search' } }}
      />
      <List id={resultsId} aria-label="Resultados de la búsqueda" dense={false}>
        {q && found.length === 0 && (
          <ListItem>
            <ListItemText primary={empty} />
          </ListItem>
        )}
        {found.map((person) => (
          <ListItem
            key={person.registrationId}
            divider
            secondaryAction={
              <Button
                variant="contained"
                onClick={() => onPick(person.registrationId)}
                sx={{ minHeight: 48 }}
                aria-label={`Dar entrada a ${fullName(person)}`}
              >
                Entrada
              </Button>
            }
            sx={{ pr: 14 }}
          >
            <ListItemText
              primary={fullName(person)}
              secondary={person.checkedInAt ? `Entró a las ${clock(person.checkedInAt)}` : 'Sin entrar'}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
