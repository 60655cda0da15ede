/**
 * A reverse proxy that terminates TLS and speaks HTTP/2 to the browser, in front of an app that
 * speaks plain HTTP/1.1: how docs/deploy.md deploys Clerkly (nginx `listen 443 ssl http2`), and
 * how a phone reaches it (the microphone needs a secure context, so a phone never uses the app
 * over plain HTTP). `bench:web -- --via tls-proxy` measures the pages through it.
 *
 * The certificate is self-signed for localhost, made with Debian's `openssl` for this run only;
 * the browser is told to accept it (`--ignore-certificate-errors`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createSecureServer, constants as h2 } from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers that belong to one connection (RFC 9113 §8.2.2) and must not be forwarded. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'http2-settings',
]);

function forwardable(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !name.startsWith(':') && !CONNECTION_HEADERS.has(name),
    ),
  );
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const folder = mkdtempSync(path.join(tmpdir(), 'clerkly-tls-'));
  try {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        path.join(folder, 'key.pem'),
        '-out',
        path.join(folder, 'cert.pem'),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    if (made.status !== 0)
      throw new Error(`openssl could not make a certificate: ${made.stderr.toString()}`);
    return {
      key: readFileSync(path.join(folder, 'key.pem')),
      cert: readFileSync(path.join(folder, 'cert.pem')),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

export type TlsProxy = { baseUrl: string; close: () => Promise<void> };

/** Starts the proxy on a free port of localhost, forwarding to `upstream` (http://host:port). */
export async function startTlsProxy(upstream: string): Promise<TlsProxy> {
  const target = new URL(upstream);
  const server = createSecureServer(
    { ...selfSignedCertificate(), allowHTTP1: true },
    (req, res) => {
      const forwarded = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          method: req.method,
          path: req.url,
          headers: {
            ...forwardable(req.headers),
            host: target.host,
            'x-forwarded-proto': 'https',
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => {
        if (!res.headersSent) res.writeHead(h2.HTTP_STATUS_BAD_GATEWAY);
        res.end();
      });
      req.pipe(forwarded);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the TLS proxy has no port');
  return {
    baseUrl: `https://localhost:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
