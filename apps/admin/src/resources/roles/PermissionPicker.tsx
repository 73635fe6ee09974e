import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Permission } from '@evreg/contracts';
import { Box, Checkbox, FormControlLabel, FormHelperText, Paper, TextField, Typography } from '@mui/material';
import { useInput } from 'react-admin';
import { fieldErrorText } from '../../common/formField';
import { actionName, groupPermissions, matchesPermission } from './permissionGroups';

/** The role's permissions (form field permissionIds): grouped by resource, a select-all checkbox per
 * resource, a search and the 'N de M seleccionados' counter (docs/product.md §2, Roles). */
export function PermissionPicker({ permissions, disabled = false }: { permissions: Permission[]; disabled?: boolean }) {
  const { field, fieldState, formState } = useInput<number[]>({ source: 'permissionIds', defaultValue: [] });
  // A rule's or the server's message (e.g. a token's 'Elige al menos un permiso'), once the form was submitted.
  const error = formState.isSubmitted ? fieldErrorText(fieldState.error) : undefined;
  const errorId = useId();
  const [query, setQuery] = useState('');
  const selected = useMemo(() => new Set<number>(field.value ?? []), [field.value]);
  const groups = useMemo(
    () => groupPermissions(permissions.filter((p) => matchesPermission(p, query))),
    [permissions, query],
  );

  const set = (ids: Iterable<number>) => field.onChange([...ids].sort((a, b) => a - b));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    set(next);
  };
  const toggleGroup = (ids: number[], all: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (all) next.delete(id);
      else next.add(id);
    }
    set(next);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }} aria-describedby={error ? errorId : undefined}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, p: 0 }}>
        Permisos
      </Typography>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 0, mb: 1 }}>
          {error}
        </FormHelperText>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="permission-counter">
        {selected.size} de {permissions.length} seleccionados
      </Typography>
      <TextField
        label="Buscar permisos"
        size="small"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        fullWidth
        sx={{ mb: 1.5 }}
        type="search"
      />
      {groups.length === 0 && <Typography color="text.secondary">No se encontraron permisos</Typography>}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { md: '1fr 1fr' } }}>
        {groups.map((group) => {
          const ids = group.permissions.map((p) => p.id);
          const count = ids.filter((id) => selected.has(id)).length;
          const all = count === ids.length;
          return (
            <Paper key={group.resource} variant="outlined" sx={{ p: 1.5 }} role="group" aria-label={group.label}>
              <FormControlLabel
                label={<Typography sx={{ fontWeight: 600 }}>{group.label}</Typography>}
                control={
                  <GroupCheckbox
                    checked={all}
                    mixed={count > 0 && !all}
                    disabled={disabled}
                    onChange={() => toggleGroup(ids, all)}
                    label={`Seleccionar todos los permisos de ${group.label}`}
                  />
                }
              />
              <Box sx={{ pl: 3, display: 'grid' }}>
                {group.permissions.map((p) => (
                  <FormControlLabel
                    key={p.id}
                    label={
                      <span>
                        {actionName(p.action)}
                        <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                          {p.description}
                        </Typography>
                      </span>
                    }
                    control={
                      <Checkbox
                        size="small"
                        checked={selected.has(p.id)}
                        disabled={disabled}
                        onChange={() => toggle(p.id)}
                        name={p.name}
                      />
                    }
                  />
                ))}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}

/** The per-resource select-all box. Partly selected shows the dash and is also the input's own indeterminate
 * state, so assistive technology announces it as mixed. */
function GroupCheckbox({
  checked,
  mixed,
  disabled,
  onChange,
  label,
}: {
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  onChange: () => void;
  label: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <Checkbox
      checked={checked}
      indeterminate={mixed}
      disabled={disabled}
      onChange={onChange}
      inputRef={input}
      slotProps={{ input: { 'aria-label': label } }}
    />
  );
}
