import { useState } from 'react';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';

/** A write-only secret (SMTP password, SMS provider token): masked, with a show/hide toggle named for screen
 * readers. The stored value is never shown: the field starts empty and empty keeps it. */
export function SecretField({ label, ...props }: TextFieldProps & { label: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete="new-password"
      slotProps={{
        ...props.slotProps,
        // With a placeholder ('leave empty to keep the current one') the label stays up so it is always read.
        inputLabel: props.placeholder ? { shrink: true } : undefined,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? `Ocultar ${label.toLowerCase()}` : `Mostrar ${label.toLowerCase()}`}
                onClick={() => setVisible(!visible)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
