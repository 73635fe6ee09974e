import { useCallback, useState, type FormEvent } from 'react';
import type { GdprSummary } from '@evreg/contracts';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider } from 'react-admin';
import { Confirmation } from '../../common/Confirmation';
import { formatDateTime } from '../../common/format';
import { TimedAlert, type Banner } from '../../common/TimedAlert';
import { withReason } from '../../common/withReason';
import { saveFile } from '../../providers/download';
import type { AdminDataProvider } from '../../providers/dataProvider';
import { SettingsCard } from '../settings/SettingsCard';
import { formatSessionInfo } from '../registrations/rules';
import { deletedSummary, exportFileName, gdprEmailError, matchState } from './rules';

const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** RGPD (docs/product.md §2, 5, 8): a person's data by e-mail: the summary with where they are (each registration or
 * waiting entry: event, session, state), a JSON export (named with the e-mail and the
 * date) and the erasure, after a confirmation. */
export default function GdprPage() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [summary, setSummary] = useState<GdprSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);

  async function load(address: string) {
    setSummary(await dataProvider.gdprSearch(address));
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    const problem = gdprEmailError(email);
    setEmailError(problem);
    setBanner(null);
    if (problem) return;
    setBusy(true);
    try {
      await load(email.trim());
    } catch (error) {
      setSummary(null);
      setBanner({ severity: 'error', text: withReason('Error al buscar los datos', reason(error)) });
    } finally {
      setBusy(false);
    }
  }

  async function exportData() {
    if (!summary) return;
    setBusy(true);
    setBanner(null);
    try {
      const data = await dataProvider.gdprExport(summary.email);
      const fileName = exportFileName(summary.email, new Date());
      saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
      setBanner({ severity: 'success', text: `Datos exportados en ${fileName}`, vanishAfterMs: 3000 });
    } catch (error) {
      // docs/product.md §8: the server's message preferred.
      setBanner({ severity: 'error', text: reason(error) || 'Error al exportar datos de usuario' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <SettingsCard
        icon={<PrivacyTipIcon color="primary" />}
        title="Datos de una persona"
        subheader="Consulta, exporta o elimina los datos personales asociados a un correo electrónico"
      >
        <Box
          component="form"
          noValidate
          onSubmit={search}
          aria-label="Buscar datos por correo electrónico"
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
        >
          <TextField
            label="Correo electrónico"
            type="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailError(null);
            }}
            error={!!emailError}
            helperText={emailError}
            sx={{ flex: '1 1 320px' }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} disabled={busy} sx={{ mt: 1 }}>
            Buscar
          </Button>
        </Box>
        <TimedAlert banner={banner} onDone={clearBanner} />
      </SettingsCard>

      {summary && (
        <Box
          component="section"
          aria-labelledby="gdpr-summary"
          sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
        >
          <Typography id="gdpr-summary" component="h2" variant="h6" gutterBottom>
            Resumen de {summary.email}
          </Typography>
          {!summary.hasData && (
            <Alert severity="info" sx={{ mb: 2 }}>
              No hay datos de esta persona.
            </Alert>
          )}
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'max-content 1fr',
              columnGap: 3,
              rowGap: 1,
              m: 0,
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0 },
            }}
          >
            <dt>Tiene datos</dt>
            <dd>{summary.hasData ? 'Sí' : 'No'}</dd>
            <dt>Registros</dt>
            <dd>{summary.registrationCount}</dd>
            <dt>Consentimientos</dt>
            <dd>{summary.consentCount}</dd>
            <dt>Última actividad</dt>
            <dd>{summary.lastActivity ? formatDateTime(summary.lastActivity) : 'Sin actividad'}</dd>
          </Box>
          {summary.matches.length > 0 && (
            <Table size="small" aria-label="Dónde está la persona" sx={{ mt: 2 }}>
              <TableHead>
                <TableRow>
                  <TableCell>Referencia</TableCell>
                  <TableCell>Evento</TableCell>
                  <TableCell>Sesión</TableCell>
                  <TableCell>Estado</TableCell>
                  <TableCell>Fecha de inscripción</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.matches.map((m) => (
                  <TableRow key={m.registrationId}>
                    <TableCell>{m.reference}</TableCell>
                    <TableCell>{m.eventTitle}</TableCell>
                    <TableCell>{formatSessionInfo(m.sessionInfo)}</TableCell>
                    <TableCell>{matchState(m)}</TableCell>
                    <TableCell>{formatDateTime(m.registeredAt)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" startIcon={<FileDownloadIcon />} onClick={exportData} disabled={busy}>
              Exportar datos (JSON)
            </Button>
            {summary.hasData && (
              <Button
                variant="contained"
                color="error"
                startIcon={<DeleteForeverIcon />}
                onClick={() => setConfirming(true)}
                disabled={busy}
              >
                Eliminar datos
              </Button>
            )}
          </Stack>
        </Box>
      )}

      {confirming && summary && (
        <Confirmation
          kind="action"
          title="Eliminar datos personales"
          question={`¿Eliminar todos los datos de ${summary.email}? Se borran sus registros, su puesto en listas de espera, sus consentimientos y sus mensajes; las plazas liberadas pasan a la lista de espera. Esta acción no se puede deshacer.`}
          confirmLabel="Eliminar datos"
          danger
          onClose={() => setConfirming(false)}
          onError={(error) =>
            setBanner({ severity: 'error', text: withReason('Error al eliminar los datos', reason(error)) })
          }
          onConfirm={async () => {
            const result = await dataProvider.gdprDelete(summary.email);
            // The result of a legal act: it stays on screen (no timer) so staff can note it.
            setBanner({ severity: 'success', text: `Datos actualizados correctamente. ${deletedSummary(result)}` });
            await load(summary.email).catch(() => setSummary(null));
          }}
        />
      )}
    </Box>
  );
}
