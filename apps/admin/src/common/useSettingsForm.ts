import { useCallback, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import type { Banner } from './TimedAlert';
import { withReason } from './withReason';

export type FieldErrors<F> = Partial<Record<keyof F, string>>;

/** The state of a settings form saved as a whole (e-mail, SMS): values, field errors (the screen's checks,
 * then the server's), and the banner 'Configuración guardada exitosamente' (3 s, spec 9) or 'Error al
 * guardar la configuración' with the server's reason (spec 8). `saved` turns the server's answer into the
 * form's new values (write-only secrets come back empty). */
export function useSettingsForm<F extends object, R>({
  initial,
  save,
  saved,
  check = () => ({}),
}: {
  initial: F;
  save: (form: F) => Promise<R>;
  saved: (answer: R) => F;
  check?: (form: F) => FieldErrors<F>;
}) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  const clearBanner = useCallback(() => setBanner(null), []);

  const mutation = useMutation({
    mutationFn: () => save(form),
    onSuccess: (answer) => {
      setForm(saved(answer));
      setBanner({ severity: 'success', text: 'Configuración guardada exitosamente', vanishAfterMs: 3000 });
    },
    onError: (error) => {
      const fields =
        error instanceof HttpError ? (error.body?.errors as Record<string, string> | undefined) : undefined;
      if (fields)
        setErrors(Object.fromEntries(Object.entries(fields).filter(([field]) => field in form)) as FieldErrors<F>);
      setBanner({ severity: 'error', text: withReason('Error al guardar la configuración', error.message) });
    },
  });

  function change<K extends keyof F>(field: K, value: F[K]) {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(form);
    setErrors(found);
    setBanner(null);
    if (Object.keys(found).length === 0) mutation.mutate();
  }

  return { form, errors, banner, clearBanner, change, submit, saving: mutation.isPending };
}
