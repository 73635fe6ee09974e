import { HttpError } from 'react-admin';
import { API_BASE, CONNECTION_ERROR, refreshAccessToken } from './session';
import { tokens } from './tokens';

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gives in Content-Disposition, if any. */
  fileName: string | null;
}

/** A file from the API (path under /api), with the same bearer token, language and refresh-once-on-401 as
 * apiFetch (which reads JSON only). A refusal is an HttpError carrying the API's Spanish message and body. */
export async function apiDownload(path: string): Promise<DownloadedFile> {
  const attempt = async () => {
    const headers = new Headers({ 'Accept-Language': 'es' });
    const access = tokens.access();
    if (access) headers.set('Authorization', `Bearer ${access}`);
    try {
      return await fetch(`${API_BASE}${path}`, { headers });
    } catch {
      throw new HttpError(CONNECTION_ERROR, 0);
    }
  };
  let response = await attempt();
  if (response.status === 401 && tokens.refresh()) {
    if (await refreshAccessToken()) response = await attempt();
    else tokens.clear();
  }
  if (!response.ok) {
    const text = await response.text();
    let body: { message?: string } | undefined;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    throw new HttpError(body?.message || response.statusText, response.status, body);
  }
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** `attachment; filename="x.xlsx"` (or filename*=UTF-8''x.xlsx) → 'x.xlsx'. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1].trim());
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

/** Hands a file to the browser as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
