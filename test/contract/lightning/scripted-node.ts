// A node that answers each request with the next scripted answer and records the raw request, so a
// contract test can compare what an adapter sends with what the node defines, and feed it exactly the
// answers the node documents.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, type RunningServer, readBody } from '../../fixtures/lightning/http-server.ts';

export interface RawRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  /** Newline-delimited lines (a stream) or one JSON text. */
  body: string;
}

export interface ScriptedNode extends RunningServer {
  requests: RawRequest[];
  /** Answers for the next requests, first in first out; a request with none gets 599. */
  answers: ScriptedAnswer[];
}

export async function startScriptedNode(): Promise<ScriptedNode> {
  const requests: RawRequest[] = [];
  const answers: ScriptedAnswer[] = [];
  const running = await listen((req: IncomingMessage, res: ServerResponse) => {
    readBody(req).then((body) => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
      const a = answers.shift() ?? { status: 599, body: '{"message":"no scripted answer"}' };
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(a.body);
    });
  });
  return Object.assign(running, { requests, answers });
}

export const json = (status: number, value: unknown): ScriptedAnswer => ({
  status,
  body: JSON.stringify(value),
});
export const lines = (status: number, ...values: unknown[]): ScriptedAnswer => ({
  status,
  body: values.map((v) => `${JSON.stringify(v)}\n`).join(''),
});
