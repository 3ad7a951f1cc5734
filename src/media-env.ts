/** Where media files live, from the environment (MEDIA_STORAGE and the S3_… variables; docs/deploy.md). */
export type MediaStorageEnv = { kind: 'local' } | S3MediaEnv;

export interface S3MediaEnv {
  kind: 's3';
  bucket: string;
  /** An S3-compatible server's URL (MinIO, Ceph…); unset, AWS's endpoint for the region. */
  endpoint?: string;
  region: string;
  /** Addresses the bucket as `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`. */
  forcePathStyle: boolean;
  /** How a GET of a file is answered: streamed through the service, or a redirect. */
  serving: { kind: 'stream' } | { kind: 'public'; baseUrl: string } | { kind: 'presign'; expiresIn: number };
}

const S3_VARIABLES = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL', 'S3_PRESIGN_SECONDS'];
/** A presigned URL's longest life (S3's limit for signature version 4). */
const MAX_PRESIGN_SECONDS = 604_800;
const SWITCH: Record<string, boolean> = { '0': false, false: false, off: false, '1': true, true: true, on: true };

function httpUrl(source: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = source[name];
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an http:// or https:// URL, not \`${text}\`.`);
  }
  if (!['http:', 'https:'].includes(url.protocol)) throw new Error(`${name} must be an http:// or https:// URL, not a \`${url.protocol}\` one.`);
  if (url.username || url.password) throw new Error(`${name} must not hold credentials; set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY.`);
  if (url.search || url.hash) throw new Error(`${name} must be a URL without a query or fragment.`);
  return text.replace(/\/+$/, '');
}

export function readMediaStorage(source: NodeJS.ProcessEnv): MediaStorageEnv {
  const kind = (source.MEDIA_STORAGE || 'local').toLowerCase();
  if (kind === 'local') {
    // Set for S3 but not switched on: media would go to each instance's own disk unnoticed.
    const stray = S3_VARIABLES.find((name) => source[name]);
    if (stray) throw new Error(`${stray} is set but MEDIA_STORAGE is not \`s3\`; set MEDIA_STORAGE=s3 to keep media in the bucket, or unset ${stray}.`);
    return { kind: 'local' };
  }
  if (kind !== 's3') throw new Error(`MEDIA_STORAGE must be \`local\` (a folder in DATA_DIR, the default) or \`s3\`, not \`${source.MEDIA_STORAGE}\`.`);

  const bucket = source.S3_BUCKET;
  if (!bucket) throw new Error('S3_BUCKET must name the bucket when MEDIA_STORAGE=s3.');
  if (!/^[A-Za-z0-9._-]{3,255}$/.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name (letters, digits, dots, hyphens), not \`${bucket}\`.`);
  const endpoint = httpUrl(source, 'S3_ENDPOINT');
  // Another server than AWS ignores the region but the signature needs one.
  const region = source.S3_REGION || source.AWS_REGION || source.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : undefined);
  if (!region) throw new Error("S3_REGION (or AWS_REGION) must name the bucket's region when MEDIA_STORAGE=s3 without S3_ENDPOINT.");
  const pathStyle = (source.S3_FORCE_PATH_STYLE ?? '').toLowerCase();
  const forcePathStyle = pathStyle === '' ? endpoint !== undefined : SWITCH[pathStyle];
  if (forcePathStyle === undefined) throw new Error(`S3_FORCE_PATH_STYLE must be on or off (1/0, true/false), not \`${source.S3_FORCE_PATH_STYLE}\`.`);

  const publicUrl = httpUrl(source, 'S3_PUBLIC_URL');
  const presign = source.S3_PRESIGN_SECONDS;
  if (publicUrl && presign) throw new Error('S3_PUBLIC_URL and S3_PRESIGN_SECONDS are both set; choose one way to redirect to the bucket.');
  let serving: S3MediaEnv['serving'] = { kind: 'stream' };
  if (publicUrl) serving = { kind: 'public', baseUrl: publicUrl };
  if (presign) {
    const seconds = Number(presign);
    if (!(Number.isInteger(seconds) && seconds >= 60 && seconds <= MAX_PRESIGN_SECONDS)) {
      throw new Error(`S3_PRESIGN_SECONDS must be a whole number of seconds from 60 to ${MAX_PRESIGN_SECONDS}, not \`${presign}\`.`);
    }
    serving = { kind: 'presign', expiresIn: seconds };
  }
  return { kind: 's3', bucket, ...(endpoint ? { endpoint } : {}), region, forcePathStyle, serving };
}
