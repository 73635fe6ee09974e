import { useEffect, useRef, useState } from 'react';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import { Alert, Box, Button } from '@mui/material';

/** Reads QR codes from the camera continuously: the browser's BarcodeDetector where it has one, else jsQR
 * (bundled, loaded on first use: nothing comes from a CDN). Every frame decoded goes to `onFrame`, with the QR's
 * text or null (none in view), and `onStop` when the camera stops, so the screen can tell a ticket held in view
 * from one shown again. */
export function Scanner({ onFrame, onStop }: { onFrame: (text: string | null) => void; onStop: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  // The loop below reads the latest props without restarting the camera.
  const onFrameRef = useRef(onFrame);
  const onStopRef = useRef(onStop);
  useEffect(() => {
    onFrameRef.current = onFrame;
    onStopRef.current = onStop;
  });
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // Off saves the battery between arrivals; on again asks the camera afresh.
  const [on, setOn] = useState(true);

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError('Este navegador no da acceso a la cámara: busca a las personas por nombre, email o DNI.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (e) {
        setError(cameraError(e));
        return;
      }
      // React detaches the ref before it runs this effect's clean-up, so an unmount can land in between:
      // the missing element says so as surely as `stopped`.
      const video = videoRef.current;
      if (stopped || !video) return stream.getTracks().forEach((t) => t.stop());
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      let decode: Awaited<ReturnType<typeof decoder>>;
      try {
        decode = await decoder();
      } catch {
        // The decoder's chunk didn't load (network gone, an update deployed meanwhile): a camera that silently never
        // answers would leave the door waiting.
        stream.getTracks().forEach((t) => t.stop());
        if (!stopped)
          setError(
            'No se ha podido cargar el lector de códigos QR: busca a las personas por nombre, email o DNI, o pulsa Reintentar.',
          );
        return;
      }
      if (stopped) return;
      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= 2) {
          const text = await decode(video).catch(() => null);
          if (!stopped) onFrameRef.current(text);
        }
        timer = setTimeout(tick, 150);
      };
      void tick();
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      // Whatever was in view is gone with the camera.
      onStopRef.current();
    };
  }, [attempt, on]);

  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: '4 / 3',
          bgcolor: 'grey.900',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Imagen de la cámara para leer códigos QR"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
        {/* The frame to aim at. */}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: '15% 22%',
            border: '3px solid rgba(255,255,255,0.8)',
            pointerEvents: 'none',
            borderRadius: 2,
          }}
        />
      </Box>
      <Button
        variant="text"
        size="large"
        startIcon={on ? <VideocamOffIcon /> : <VideocamIcon />}
        onClick={() => (setError(null), setOn(!on))}
        sx={{ mt: 0.5, minHeight: 48 }}
      >
        {on ? 'Apagar cámara' : 'Encender cámara'}
      </Button>
      {error && (
        <Alert
          severity="warning"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" onClick={() => (setError(null), setAttempt((n) => n + 1))} sx={{ minHeight: 48 }}>
              Reintentar
            </Button>
          }
        >
          {error}
        </Alert>
      )}
    </Box>
  );
}

function cameraError(error: unknown): string {
  const name = (error as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'No hay permiso para usar la cámara. Permítelo en el navegador o busca a las personas por nombre, email o DNI.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No se encuentra ninguna cámara.';
  if (name === 'NotReadableError') return 'La cámara está en uso por otra aplicación.';
  return 'No se puede usar la cámara.';
}

interface DetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}

/** One frame → the QR's text, or null. */
async function decoder(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Detector = (window as unknown as { BarcodeDetector?: new (o: { formats: string[] }) => DetectorLike })
    .BarcodeDetector;
  if (Detector) {
    try {
      const detector = new Detector({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
    } catch {
      // A BarcodeDetector without QR support: jsQR below.
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (video) => {
    // At most 640 px wide: enough for a ticket held at a door, and quick to decode on a phone.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}
