import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * A page's own files (script, stylesheet, font, icon), served by the service itself under names that
 * carry their content hash, so they may be cached for good, with the Subresource Integrity hash for the
 * page's tags.
 */
export interface HashedAsset {
  /** URL path under the serving scope's prefix. */
  path: string;
  body: string | Buffer;
  contentType: string;
  /** `sha256-<base64>`, for the tag's integrity attribute. */
  integrity: string;
}

export function hashedAsset(
  name: string,
  ext: string,
  body: string | Buffer,
  contentType: string,
): HashedAsset {
  const digest = createHash('sha256').update(body);
  const hex = digest.copy().digest('hex').slice(0, 16);
  return {
    path: `/assets/${name}-${hex}.${ext}`,
    body,
    contentType,
    integrity: `sha256-${digest.digest('base64')}`,
  };
}

/** Serves each asset at its path in the scope. */
export function serveHashedAssets(scope: FastifyInstance, assets: readonly HashedAsset[]): void {
  for (const a of assets) {
    scope.get(a.path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-type', a.contentType)
        // The name carries the content's hash: a new version has a new name.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(a.body),
    );
  }
}
