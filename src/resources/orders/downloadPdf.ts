import { HttpError } from 'react-admin';

import { API_URL } from '../../config';
import { getToken } from '../../http/token';

/** The name the server gave the document (Content-Disposition), or `fallback`. */
const fileNameOf = (response: Response, fallback: string) => /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? fallback;

/**
 * Fetches a PDF of the API with the signed-in user's token (a plain link could not carry it) and hands it to the
 * browser as a download, from where staff open and print it. A refusal becomes an HttpError with the API's sentence.
 */
export async function downloadPdf(path: string, fallbackName: string): Promise<void> {
    const token = getToken();
    const response = await fetch(`${API_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new HttpError(body.message ?? response.statusText, response.status, body);
    }
    const url = URL.createObjectURL(await response.blob());
    const link = Object.assign(document.createElement('a'), { href: url, download: fileNameOf(response, fallbackName) });
    document.body.append(link);
    link.click();
    link.remove();
    // The download has its own copy once started; the page's can go.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
