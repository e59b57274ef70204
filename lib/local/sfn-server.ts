import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeServer, listen, newHttpServer } from './net';
import { type LocalStepFunctions, SfnError } from './sfn-runner';

/** The running SFN API endpoint. */
export interface LocalSfnServer {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

const JSON_TYPE = 'application/x-amz-json-1.0';

/**
 * The part of the Step Functions API the handlers use, over the real JSON 1.0 protocol
 * (`x-amz-target: AWSStepFunctions.<Operation>`), so the unchanged SFNClient works against it
 * through AWS_ENDPOINT_URL_SFN: StartExecution and DescribeExecution. Other operations answer
 * UnknownOperationException. Errors use the protocol's `__type` so the SDK raises its typed
 * exceptions (e.g. ExecutionAlreadyExists).
 * @param port preferred port; a busy one falls back to a free port.
 */
export async function startSfnServer(opts: {
  sfn: LocalStepFunctions;
  port?: number;
  log: (line: string) => void;
}): Promise<LocalSfnServer> {
  const server: Server = newHttpServer((req, res) => {
    void respond(opts.sfn, req, res);
  });
  const port = await listen(server, opts.port ?? 0, true);
  const endpoint = `http://127.0.0.1:${port}`;
  opts.log(`local Step Functions on ${endpoint}`);
  return { endpoint, port, stop: () => closeServer(server) };
}

async function respond(sfn: LocalStepFunctions, req: IncomingMessage, res: ServerResponse) {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': JSON_TYPE });
    res.end(JSON.stringify(body));
  };
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = (text ? JSON.parse(text) : {}) as Record<string, string | undefined>;
    const target = String(req.headers['x-amz-target'] ?? '');
    switch (target) {
      case 'AWSStepFunctions.StartExecution':
        send(
          200,
          sfn.start({ stateMachineArn: body.stateMachineArn, name: body.name, input: body.input }),
        );
        return;
      case 'AWSStepFunctions.DescribeExecution':
        send(200, sfn.describe(body.executionArn ?? ''));
        return;
      default:
        throw new SfnError(
          'UnknownOperationException',
          `Operation ${target || '(none)'} is not supported locally.`,
        );
    }
  } catch (error) {
    if (error instanceof SfnError) {
      send(400, {
        __type: `com.amazonaws.swf.service.v2.model#${error.type}`,
        message: error.message,
      });
    } else if (error instanceof SyntaxError) {
      send(400, { __type: 'SerializationException', message: 'Request body is not JSON.' });
    } else {
      send(500, { __type: 'InternalFailure', message: (error as Error).message });
    }
  }
}
