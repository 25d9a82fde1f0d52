import type { S3Client } from '@aws-sdk/client-s3';
import { ClausegateError } from '../errors.ts';
import type { IndexStore } from './index-store.ts';

/** How the S3-compatible store is reached; read from the environment by `readS3Settings`. */
export interface S3Settings {
  /** `RAG_S3_ENDPOINT` (else `AWS_ENDPOINT_URL_S3`, `AWS_ENDPOINT_URL`): an S3-compatible server (MinIO, R2, a test server); absent for AWS itself. */
  endpoint?: string;
  /** `AWS_REGION` (else `AWS_DEFAULT_REGION`); default `us-east-1`. */
  region: string;
  /** `RAG_S3_ALLOW_HTTP=true`: a plain-HTTP endpoint is allowed (a local MinIO or test server); default false. */
  allowHttp: boolean;
  /** `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` / `AWS_SESSION_TOKEN`; absent: the default AWS credential chain (instance role, profile). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** True for a location on object storage (`s3://…`). */
export function isObjectStorageUri(location: string): boolean {
  return location.startsWith('s3://');
}

/**
 * The S3 settings in `env`. Throws `env_invalid` naming the variable (never its value when it is a
 * secret) when one is malformed or only half of a key pair is set.
 */
export function readS3Settings(env: Record<string, string | undefined>): S3Settings {
  const value = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  const endpointName = ['RAG_S3_ENDPOINT', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL'].find((name) => value(name) !== undefined);
  const endpoint = endpointName === undefined ? undefined : value(endpointName)!.replace(/\/+$/, '');
  const allowHttpText = value('RAG_S3_ALLOW_HTTP') ?? 'false';
  if (allowHttpText !== 'true' && allowHttpText !== 'false') {
    throw new ClausegateError('env_invalid', `RAG_S3_ALLOW_HTTP must be true or false, not ${JSON.stringify(allowHttpText)}`, { hint: 'set RAG_S3_ALLOW_HTTP=true only for a plain-HTTP test or LAN store' });
  }
  const allowHttp = allowHttpText === 'true';
  if (endpoint !== undefined) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new ClausegateError('env_invalid', `${endpointName} is not a URL: ${JSON.stringify(endpoint)}`, { hint: 'set it to the server root, for example https://minio.example.com:9000' });
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ClausegateError('env_invalid', `${endpointName} must be an http(s) URL, not ${url.protocol}`, { hint: 'for example https://minio.example.com:9000' });
    if (url.username !== '' || url.password !== '') throw new ClausegateError('env_invalid', `${endpointName} must not hold credentials`, { hint: 'put them in AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY' });
    if (url.protocol === 'http:' && !allowHttp) {
      throw new ClausegateError('env_invalid', `${endpointName} is a plain-HTTP URL (${url.host}) and RAG_S3_ALLOW_HTTP is not true`, {
        hint: 'use https, or set RAG_S3_ALLOW_HTTP=true for a local test or LAN store',
      });
    }
  }
  const accessKeyId = value('AWS_ACCESS_KEY_ID');
  const secretAccessKey = value('AWS_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    const missing = accessKeyId === undefined ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY';
    throw new ClausegateError('env_invalid', `${missing} is not set, but its pair is`, { hint: 'set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (the instance role or profile is used then)' });
  }
  const sessionToken = value('AWS_SESSION_TOKEN');
  return {
    ...(endpoint === undefined ? {} : { endpoint }),
    region: value('AWS_REGION') ?? value('AWS_DEFAULT_REGION') ?? 'us-east-1',
    allowHttp,
    ...(accessKeyId === undefined || secretAccessKey === undefined ? {} : { credentials: { accessKeyId, secretAccessKey, ...(sessionToken === undefined ? {} : { sessionToken }) } }),
  };
}

/** Objects per DeleteObjects request (the S3 limit). */
const DELETE_BATCH = 1000;

/**
 * The index store of an `s3://bucket/prefix` location on S3 or an S3-compatible server, through
 * @aws-sdk/client-s3 (loaded on first use, so commands over a local index never load it). Path-style
 * requests when an endpoint is set (MinIO, R2 and test servers expect them).
 */
export function createS3IndexStore(root: string, settings: S3Settings): IndexStore {
  const { bucket } = parseLocation(root.replace(/\/+$/, ''));
  const normalisedRoot = root.replace(/\/+$/, '');
  let clientPromise: Promise<{ client: S3Client; sdk: typeof import('@aws-sdk/client-s3') }> | undefined;
  const connect = () => {
    clientPromise ??= (async () => {
      const sdk = await import('@aws-sdk/client-s3');
      const client = new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint, forcePathStyle: true }),
        ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
      });
      return { client, sdk };
    })();
    return clientPromise;
  };
  const failed = (action: string, location: string, error: unknown): ClausegateError => describeS3Error(action, location, settings, error);

  const listKeys = async (prefix: string): Promise<string[]> => {
    const { client, sdk } = await connect();
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token === undefined ? {} : { ContinuationToken: token }) }));
      for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key);
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    return keys;
  };

  /** The object's body (null when it has none), or undefined when there is no such object. */
  const getObject = async (location: string) => {
    const { key } = parseLocation(location);
    const { client, sdk } = await connect();
    try {
      return (await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }))).Body ?? null;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw failed('read', location, error);
    }
  };
  const putObject = async (location: string, body: string | Uint8Array, contentType: string): Promise<void> => {
    const { key } = parseLocation(location);
    const { client, sdk } = await connect();
    try {
      await client.send(new sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    } catch (error) {
      throw failed('write', location, error);
    }
  };

  return {
    root: normalisedRoot,
    renamesFolders: false,
    join: (base, ...names) => [base.replace(/\/+$/, ''), ...names].join('/'),
    async readText(location) {
      const body = await getObject(location);
      return body === undefined ? undefined : ((await body?.transformToString('utf8')) ?? '');
    },
    writeText: (location, content) => putObject(location, content, 'application/json; charset=utf-8'),
    async readBytes(location) {
      const body = await getObject(location);
      return body === undefined ? undefined : ((await body?.transformToByteArray()) ?? new Uint8Array());
    },
    writeBytes: (location, content) => putObject(location, content, 'application/octet-stream'),
    async list(location) {
      const prefix = `${parseLocation(location).key}/`;
      try {
        const names = new Set<string>();
        for (const key of await listKeys(prefix)) names.add(key.slice(prefix.length).split('/')[0]!);
        names.delete('');
        return [...names].sort();
      } catch (error) {
        throw failed('list', location, error);
      }
    },
    async createFolder() {
      // Folders are key prefixes: nothing to create.
    },
    async renameFolder(from) {
      throw new ClausegateError('internal', `object storage cannot rename folders (asked for ${from})`, { hint: 'this is a bug: check renamesFolders before renaming' });
    },
    async removeFolder(location) {
      const prefix = `${parseLocation(location).key}/`;
      try {
        const { client, sdk } = await connect();
        const keys = await listKeys(prefix);
        for (let start = 0; start < keys.length; start += DELETE_BATCH) {
          const batch = keys.slice(start, start + DELETE_BATCH);
          const result = await client.send(new sdk.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
          const problem = result.Errors?.[0];
          if (problem !== undefined) throw new Error(`${problem.Key}: ${problem.Code} ${problem.Message}`);
        }
      } catch (error) {
        throw failed('delete', location, error);
      }
    },
    async removeFile(location) {
      const { key } = parseLocation(location);
      const { client, sdk } = await connect();
      try {
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw failed('delete', location, error);
      }
    },
    database(location) {
      const storageOptions: Record<string, string> = { aws_region: settings.region, allow_http: String(settings.allowHttp) };
      if (settings.endpoint !== undefined) {
        storageOptions.aws_endpoint = settings.endpoint;
        storageOptions.aws_virtual_hosted_style_request = 'false';
      }
      if (settings.credentials !== undefined) {
        storageOptions.aws_access_key_id = settings.credentials.accessKeyId;
        storageOptions.aws_secret_access_key = settings.credentials.secretAccessKey;
        if (settings.credentials.sessionToken !== undefined) storageOptions.aws_session_token = settings.credentials.sessionToken;
      }
      return { uri: location, storageOptions };
    },
  };
}

/** `s3://bucket/a/b` → bucket `bucket`, key `a/b`. */
function parseLocation(location: string): { bucket: string; key: string } {
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(location);
  if (match === null) {
    throw new ClausegateError('config_invalid', `${JSON.stringify(location)} is not an s3://bucket/prefix location`, {
      hint: 'write the index location as s3://bucket/prefix (a lowercase bucket name, then an optional prefix)',
    });
  }
  return { bucket: match[1]!, key: (match[2] ?? '').replace(/\/+$/, '') };
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/** An S3 failure as a ClausegateError that names the location and what to check, never a credential. */
function describeS3Error(action: string, location: string, settings: S3Settings, error: unknown): ClausegateError {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const name = (error as { name?: string }).name ?? 'Error';
  const where = settings.endpoint === undefined ? `S3 (${settings.region})` : settings.endpoint;
  const detail = `${name}${status === undefined ? '' : ` (HTTP ${status})`}: ${(error as Error).message}`;
  if (status === 403 || name === 'AccessDenied' || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch') {
    return new ClausegateError('permission_denied', `could not ${action} ${location} on ${where}: ${detail}`, {
      hint: 'check AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and the bucket policy (the index needs read, write, list and delete)',
      cause: error,
    });
  }
  if (status === undefined) {
    return new ClausegateError('provider_unreachable', `could not ${action} ${location}: ${where} did not answer (${detail})`, {
      hint: 'check RAG_S3_ENDPOINT (and RAG_S3_ALLOW_HTTP for plain HTTP) and that the store is running',
      cause: error,
    });
  }
  return new ClausegateError('provider_failed', `could not ${action} ${location} on ${where}: ${detail}`, {
    hint: name === 'NoSuchBucket' ? 'create the bucket first (the index location names an existing bucket)' : 'check the bucket and the prefix of the index location',
    cause: error,
  });
}
