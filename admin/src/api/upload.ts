import { api, call, type Media } from './client.js';

/**
 * A fetch that reports upload progress: browsers report a request body's progress only through
 * XMLHttpRequest, so this one function speaks XHR under the typed client's usual fetch interface.
 */
function fetchWithProgress(onProgress: (fraction: number) => void) {
  return (request: Request): Promise<Response> =>
    new Promise((resolve, reject) => {
      void request.arrayBuffer().then((body) => {
        const xhr = new XMLHttpRequest();
        xhr.open(request.method, request.url);
        request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
        xhr.responseType = 'arraybuffer';
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress(event.loaded / event.total);
        };
        xhr.onload = () => {
          const headers = new Headers();
          for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
            const at = line.indexOf(':');
            if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
          }
          resolve(new Response(xhr.status === 204 ? null : (xhr.response as ArrayBuffer), { status: xhr.status, statusText: xhr.statusText, headers }));
        };
        xhr.onerror = () => reject(new TypeError('The upload could not reach the service.'));
        xhr.send(body);
      }, reject);
    });
}

/** A request's body as a form with one `file` (the typed client's options): media uploads and imports. */
export const asFileForm = (file: File) => ({
  body: {} as never,
  bodySerializer: () => {
    const form = new FormData();
    form.append('file', file, file.name);
    return form;
  },
});

/** POST /api/rentMedia with one file (multipart), reporting progress from 0 to 1. */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<Media> {
  return call(() =>
    api.POST('/api/rentMedia', {
      ...asFileForm(file),
      fetch: fetchWithProgress(onProgress),
    }),
  ).then((answer) => answer.doc);
}
