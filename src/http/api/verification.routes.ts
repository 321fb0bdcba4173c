import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { startVerification } from '../../app/verification/start.ts';
import { verifyAccount } from '../../app/verification/verify.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { standardErrors, standardSecurity } from '../wire/schemas.ts';
import {
  decodeStart,
  decodeVerify,
  startBodySchema,
  startedSchema,
  verifiedSchema,
  verifyBodySchema,
} from './verification.contract.ts';

type Body = Record<string, unknown>;

/** Account verification ("verify with paytag"): POST /api/v1/auth and /api/v1/auth/verify. */
export function registerVerificationRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.post(
    '/auth',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['verification'],
        summary: 'Start verifying a usertag: e-mails a six-digit OTP to its confirmed e-mail',
        description:
          'Invoice or admin key of the calling application. The answer is the same whether or not the usertag ' +
          'exists or has a confirmed e-mail (nothing is sent then). With kyc: true the e-mail carries a one-time ' +
          'consent page where the person approves or declines sharing their KYC data with the caller. OTP ' +
          'e-mails are limited per usertag and per caller (429 with Retry-After). See docs/verification.md.',
        security: standardSecurity,
        body: startBodySchema,
        response: { 200: startedSchema, ...standardErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeStart((request.body ?? {}) as Body));
      const r = unwrap(await startVerification(deps, callerOf(request), cmd));
      return envelope(
        { secret: r.secret, expires_in: deps.config.verification.secretTtlSec },
        'If the usertag has a confirmed e-mail, a code was sent to it',
      );
    },
  );

  scope.post(
    '/auth/verify',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['verification'],
        summary: 'Trade the secret and the OTP for the verified account record',
        description:
          'Only the application that started the flow, once, before the secret expires; the secret dies after ' +
          'VERIFY_OTP_ATTEMPTS wrong codes. Every such failure gets one and the same 400. otp or OTP, a number ' +
          'or a string of digits. KYC blocks are null unless requested and approved; message says why.',
        security: standardSecurity,
        body: verifyBodySchema,
        response: { 200: verifiedSchema, ...standardErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeVerify((request.body ?? {}) as Body));
      const r = unwrap(await verifyAccount(deps, callerOf(request), cmd));
      return envelope(r, r.message);
    },
  );
}
