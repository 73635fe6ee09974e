import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { AttendanceCounts, CheckInRequest, OfflineList, SyncConflict } from '@evreg/contracts';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import CancelIcon from '@mui/icons-material/Cancel';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, Chip, Dialog, Snackbar, Stack, Typography } from '@mui/material';
import { doorStore, Offline, type DoorApi } from './doorApi';
import {
  answerText,
  clock,
  codeHash,
  conflictText,
  countsWithPending,
  decideOffline,
  fromServer,
  fullName,
  markCheckedIn,
  newNonce,
  type DoorAnswer,
  type PendingScan,
} from './rules';
import { Scanner } from './Scanner';
import { PersonSearch } from './person-search';
import { TicketSightings } from './ticket-sightings';

/** How long a green answer to a scan stays on screen: the camera goes on with the next person. A refusal, and
 * any answer to a pick from the search, stay until 'Siguiente' (someone has to decide, or is looking anyway). */
const GREEN_MS = 3_000;
/** The API takes at most this many scans per sync request. */
const SYNC_MAX_SCANS = 150;
/** Pending scans are tried again this often while there is no network event. */
const SYNC_EVERY_MS = 10_000;
/** The counts and the list are read again this often (other doors check people in too). */
const REFRESH_EVERY_MS = 30_000;

interface Last {
  nonce: string;
  checkInId: number | null;
  registrationId: number;
  name: string;
}

/** The door screen (issue 21, 'Control de acceso'): made for a phone held at a door. The camera reads tickets
 * continuously, or a search by name, e-mail or DNI finds a person; each answer fills the screen, green or red,
 * with the reason. The session's list is downloaded on opening, so scans are decided here while the network is
 * away, marked 'pendiente de enviar' and sent (each with its nonce, never counted twice) when it is back. */
export function DoorScreen({ api, heading }: { api: DoorApi; heading: { title: string; when: string } }) {
  const { scope } = api;
  const [list, setList] = useState<OfflineList | null>(() => doorStore.list(scope));
  const [pending, setPendingState] = useState<PendingScan[]>(() => doorStore.pending(scope));
  const pendingRef = useRef(pending);
  const [serverCounts, setServerCounts] = useState<AttendanceCounts | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const [answer, setAnswer] = useState<{ shown: DoorAnswer; scanned: boolean } | null>(null);
  const [last, setLast] = useState<Last | null>(null);
  const [conflicts, setConflicts] = useState<string[]>([]);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  // The list as last saved (by updateList and refresh), for the scans decided between two renders.
  const listRef = useRef(list);
  const busy = useRef(false);
  // Which camera frames are a new scan: a ticket held in view once, shown again after being taken away each time.
  const [sightings] = useState(() => new TicketSightings());
  const syncing = useRef(false);

  const setPending = useCallback(
    (next: PendingScan[]) => {
      pendingRef.current = next;
      doorStore.savePending(scope, next);
      setPendingState(next);
    },
    [scope],
  );
  const updateList = useCallback(
    (change: (list: OfflineList) => OfflineList) => {
      const current = listRef.current;
      if (!current) return;
      const next = change(current);
      listRef.current = next;
      doorStore.saveList(scope, next);
      setList(next);
    },
    [scope],
  );

  /** The list and the counts from the server (on opening, after a sync, and every 30 s). */
  const refresh = useCallback(async () => {
    try {
      const [fresh, page] = await Promise.all([api.offlineList(), api.search('')]);
      // Those checked in here and not yet sent stay checked in on this door's copy.
      let next = fresh;
      for (const p of pendingRef.current)
        next = markCheckedIn(next, p.registrationId, { at: p.request.scannedAt!, door: p.request.door ?? null });
      listRef.current = next;
      doorStore.saveList(scope, next);
      setList(next);
      setServerCounts(page.counts);
      setLoadError(null);
    } catch (error) {
      if (!(error instanceof Offline))
        setLoadError((error as Error).message || 'Error al cargar la lista de la sesión');
    }
  }, [api, scope]);

  const sync = useCallback(async () => {
    if (!pendingRef.current.length || syncing.current) return;
    syncing.current = true;
    let sent = 0;
    let conflicted = 0;
    try {
      // In order, at most SYNC_MAX_SCANS a request.
      while (pendingRef.current.length) {
        const scans = pendingRef.current.slice(0, SYNC_MAX_SCANS);
        const result = await api.sync(scans.map((p) => p.request));
        const nonces = new Set(scans.map((p) => p.request.nonce));
        setPending(pendingRef.current.filter((p) => !nonces.has(p.request.nonce)));
        setServerCounts(result.counts);
        sent += scans.length;
        conflicted += result.conflicts.length;
        if (result.conflicts.length) {
          const names = new Map(scans.map((p) => [p.registrationId, p.name]));
          setConflicts((before) => [
            ...before,
            ...result.conflicts.map((c: SyncConflict) => conflictText(c, names.get(c.registrationId))),
          ]);
        }
        // The undo of a scan just sent now goes to the server (nothing to undo if the server kept another door's).
        setLast((l) => {
          const found = l && l.checkInId === null ? result.results.find((r) => r.nonce === l.nonce) : undefined;
          if (!l || !found) return l;
          return found.checkInId && found.outcome === 'valid' ? { ...l, checkInId: found.checkInId } : null;
        });
      }
    } catch (error) {
      if (!(error instanceof Offline)) setMessage({ text: (error as Error).message, error: true });
    } finally {
      syncing.current = false;
    }
    if (sent)
      setMessage({
        text: `${sent === 1 ? '1 entrada enviada' : `${sent} entradas enviadas`}${conflicted ? `; ${conflicted} en conflicto` : ''}`,
      });
    await refresh();
  }, [api, refresh, setPending]);

  useEffect(() => {
    // Downloaded on opening; what waited from an earlier visit goes right after.
    void Promise.resolve().then(refresh).then(sync);
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    const syncTimer = setInterval(() => navigator.onLine && void sync(), SYNC_EVERY_MS);
    const refreshTimer = setInterval(() => navigator.onLine && void refresh(), REFRESH_EVERY_MS);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
      clearInterval(syncTimer);
      clearInterval(refreshTimer);
    };
  }, [refresh, sync]);

  /** One scan or one pick from the search: the server decides when reachable, this door otherwise. */
  async function checkIn(input: { code: string } | { registrationId: number }) {
    if (busy.current) return;
    busy.current = true;
    const request: CheckInRequest = {
      ...input,
      nonce: newNonce(),
      door: api.door,
      scannedAt: new Date().toISOString(),
    };
    try {
      let shown: DoorAnswer;
      try {
        if (!navigator.onLine) throw new Offline('Sin conexión');
        const reply = await api.checkIn(request);
        setServerCounts(reply.counts);
        shown = fromServer(reply);
        if (reply.outcome === 'valid' && reply.person) {
          const person = reply.person;
          updateList((l) =>
            markCheckedIn(l, person.registrationId, {
              at: reply.checkedInAt ?? request.scannedAt!,
              door: api.door,
              by: reply.checkedInBy,
            }),
          );
          setLast({
            nonce: request.nonce,
            checkInId: reply.checkInId,
            registrationId: person.registrationId,
            name: fullName(person),
          });
        }
        // The network is back: what waited goes now.
        if (pendingRef.current.length) void sync();
      } catch (error) {
        if (!(error instanceof Offline)) throw error;
        const entries = listRef.current?.entries ?? [];
        const entry =
          'code' in input
            ? await codeHash(input.code).then((hash) => entries.find((e) => e.codeHash === hash))
            : entries.find((e) => e.registrationId === input.registrationId);
        shown = decideOffline(entry, pendingRef.current, new Date());
        if (shown.outcome === 'valid' && entry) {
          const name = fullName(entry);
          setPending([...pendingRef.current, { request, registrationId: entry.registrationId, name }]);
          updateList((l) =>
            markCheckedIn(l, entry.registrationId, { at: request.scannedAt!, door: request.door ?? null }),
          );
          setLast({ nonce: request.nonce, checkInId: null, registrationId: entry.registrationId, name });
        }
      }
      setAnswer({ shown, scanned: 'code' in input });
    } catch (error) {
      setMessage({ text: (error as Error).message || 'Error al registrar la entrada', error: true });
    } finally {
      busy.current = false;
    }
  }

  /** Every frame the camera decodes: the text of a QR, or null (none in view, or the camera stopped). */
  function onFrame(text: string | null) {
    const code = sightings.frame(text, !answer && !busy.current);
    if (code) void checkIn({ code });
  }

  function closeAnswer() {
    setAnswer(null);
  }

  async function undo() {
    if (!last) return;
    const waiting = pendingRef.current.find((p) => p.request.nonce === last.nonce);
    if (waiting) {
      setPending(pendingRef.current.filter((p) => p !== waiting));
      updateList((l) => markCheckedIn(l, last.registrationId, null));
      setLast(null);
      setMessage({ text: `Entrada de ${last.name} anulada` });
      return;
    }
    if (last.checkInId === null) return;
    try {
      const result = await api.undo(last.checkInId);
      setServerCounts(result.counts);
      updateList((l) => markCheckedIn(l, last.registrationId, null));
      setLast(null);
      setMessage({ text: result.undone ? `Entrada de ${last.name} anulada` : result.message, error: !result.undone });
    } catch (error) {
      setMessage({
        text:
          error instanceof Offline
            ? 'Sin conexión: esta entrada ya se envió y solo se puede anular con conexión'
            : (error as Error).message,
        error: true,
      });
    }
  }

  const counts = countsWithPending(serverCounts, list, pending);

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
      <Box>
        <Typography component="h2" variant="h6" sx={{ lineHeight: 1.3 }}>
          {heading.title}
        </Typography>
        <Typography color="text.secondary">{heading.when}</Typography>
      </Box>

      <Counts counts={counts} />

      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-live="polite">
        {pending.length > 0 && (
          <Chip
            color="warning"
            variant="outlined"
            label={pending.length === 1 ? '1 pendiente de enviar' : `${pending.length} pendientes de enviar`}
          />
        )}
        {list && <Chip variant="outlined" label={`Lista descargada a las ${clock(list.generatedAt)}`} />}
      </Stack>

      {!online && (
        <Alert severity="warning" icon={<CloudOffIcon />}>
          Sin conexión: se decide con la lista descargada y se envía al volver la red.
        </Alert>
      )}
      {loadError && (
        <Alert severity="error" role="alert">
          {loadError}
        </Alert>
      )}
      {conflicts.length > 0 && (
        <Alert severity="warning" role="alert" closeText="Cerrar" onClose={() => setConflicts([])}>
          <strong>Entradas en conflicto entre puertas</strong>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {conflicts.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </Box>
        </Alert>
      )}

      <Scanner onFrame={onFrame} onStop={() => sightings.reset()} />

      <Button
        variant="outlined"
        size="large"
        startIcon={<UndoIcon />}
        disabled={!last}
        onClick={undo}
        sx={{ minHeight: 56 }}
      >
        {last ? `Deshacer la entrada de ${last.name}` : 'Deshacer la última entrada'}
      </Button>

      <PersonSearch api={api} list={list} online={online} onPick={(registrationId) => checkIn({ registrationId })} />

      {answer && (
        <AnswerScreen answer={answer.shown} autoClose={answer.scanned && answer.shown.ok} onClose={closeAnswer} />
      )}
      <Snackbar
        open={!!message}
        autoHideDuration={message?.error ? null : 4_000}
        onClose={() => setMessage(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          severity={message?.error ? 'error' : 'success'}
          variant="filled"
          role={message?.error ? 'alert' : 'status'}
          closeText="Cerrar"
          onClose={() => setMessage(null)}
        >
          {message?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}

function Counts({ counts }: { counts: AttendanceCounts | null }) {
  return (
    <Box
      component="dl"
      aria-label="Asistencia"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: '1fr 1fr',
        gap: 1,
        '& > div': { bgcolor: 'grey.100', borderRadius: 1, p: 1.5 },
        '& dt': { color: 'text.secondary', fontSize: '0.9rem' },
        '& dd': { m: 0, fontSize: '1.6rem', fontWeight: 700 },
      }}
    >
      <div>
        <dt>Presentes / inscritos</dt>
        <dd data-testid="checkin-present">{counts ? `${counts.present} / ${counts.registered}` : '—'}</dd>
      </div>
      <div>
        <dt>Faltan por llegar</dt>
        <dd data-testid="checkin-expected">{counts ? counts.expected : '—'}</dd>
      </div>
    </Box>
  );
}

/** The answer, full screen: green for a valid ticket, red with the reason otherwise. */
function AnswerScreen({ answer, autoClose, onClose }: { answer: DoorAnswer; autoClose: boolean; onClose: () => void }) {
  const titleId = useId();
  const { title, name, lines } = answerText(answer);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (!autoClose) return;
    const timer = setTimeout(() => closeRef.current(), GREEN_MS);
    return () => clearTimeout(timer);
  }, [answer, autoClose]);
  const Icon = answer.ok ? CheckCircleIcon : CancelIcon;
  return (
    <Dialog
      open
      fullScreen
      onClose={() => onClose()}
      aria-labelledby={titleId}
      slotProps={{
        paper: {
          sx: {
            bgcolor: answer.ok ? '#1b5e20' : '#b71c1c',
            color: '#fff',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            p: 3,
            gap: 2,
          },
          // @ts-expect-error a data attribute for the browser tests
          'data-outcome': answer.outcome,
        },
      }}
      onClick={() => onClose()}
    >
      <Icon aria-hidden sx={{ fontSize: 96 }} />
      <Typography id={titleId} component="h2" sx={{ fontSize: '2.2rem', fontWeight: 800, lineHeight: 1.15 }}>
        {title}
      </Typography>
      {answer.visitor && (
        <Typography
          component="p"
          lang={answer.visitor.language}
          sx={{ fontSize: '1.6rem', fontWeight: 600, fontStyle: 'italic' }}
        >
          {answer.visitor.text}
        </Typography>
      )}
      {name && (
        <Typography component="p" sx={{ fontSize: '1.8rem', fontWeight: 600 }}>
          {name}
        </Typography>
      )}
      {lines.map((line) => (
        <Typography key={line} component="p" sx={{ fontSize: '1.2rem' }}>
          {line}
        </Typography>
      ))}
      <Button
        autoFocus
        variant="contained"
        size="large"
        onClick={() => onClose()}
        sx={{
          mt: 2,
          minHeight: 64,
          minWidth: 220,
          fontSize: '1.2rem',
          bgcolor: '#fff',
          color: '#000',
          '&:hover': { bgcolor: '#eee' },
        }}
      >
        Siguiente
      </Button>
    </Dialog>
  );
}
