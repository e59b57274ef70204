import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, test } from 'vitest';
import { PDF_RENDERER_ENV } from '../../../lambdas/reports/adapters/pdf-deps';
import { ROUTE_RUNTIMES } from '../../../lib/stacks/api-routes.stack';
import {
  actionsOn,
  buildStage,
  flattenedTemplate,
  functionEnv,
  functionStatements,
  logicalIdOf,
  resourcesOf,
} from '../cdk-fixture';

let api: Template;

beforeAll(() => {
  api = flattenedTemplate(buildStage().api);
});

/** The print_report function's CloudFormation properties. */
function printFunction() {
  const id = logicalIdOf(api, 'AWS::Lambda::Function', 'PrintReportFunction');
  return resourcesOf(api)[id]?.Properties as Record<string, unknown>;
}

describe('print_report Lambda', () => {
  test('runs on x86_64 with 2 GB and 29 s, where @sparticuz/chromium has binaries', () => {
    const fn = printFunction();

    expect(fn.Architectures).toEqual(['x86_64']);
    expect(fn.MemorySize).toBe(2048);
    expect(fn.Timeout).toBe(29);
  });

  test('picks the Lambda browser and installs chromium beside the bundle instead of bundling it', () => {
    expect(functionEnv(api, 'PrintReportFunction')[PDF_RENDERER_ENV]).toBe('lambda');
    expect(ROUTE_RUNTIMES.print_report?.nodeModules).toContain('@sparticuz/chromium');
  });

  test('keeps every other route on ARM64 without the browser setting', () => {
    const fnId = logicalIdOf(api, 'AWS::Lambda::Function', 'GetReportFunction');
    const props = resourcesOf(api)[fnId]?.Properties as Record<string, unknown>;

    expect(props.Architectures).toEqual(['arm64']);
    expect(functionEnv(api, 'GetReportFunction')[PDF_RENDERER_ENV]).toBeUndefined();
  });

  test('may read and write the reports bucket and nothing of the uploads or lake', () => {
    const statements = functionStatements(api, 'PrintReportFunction');

    expect(actionsOn(statements, 'ReportsBucket')).toEqual(
      expect.arrayContaining(['s3:GetObject*', 's3:PutObject']),
    );
    expect(actionsOn(statements, 'UploadsBucket')).toEqual([]);
    expect(actionsOn(statements, 'LakeBucket')).toEqual([]);
  });
});
