import { type App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStage } from '../cdk-fixture';

// CloudFormation refuses to deploy a stack (top-level or nested) with more than 500 resources,
// 200 parameters or 200 outputs, or a template over 1 MB. Each route adds about 7 resources (its
// function, role, policy, log group, integration, route and invoke permission), so these checks
// keep a margin: they fail while there is still room to restructure, not at deploy time.

/** CloudFormation's hard limits per stack, and the share of each these tests allow. */
const LIMITS = { resources: 500, parameters: 200, outputs: 200, templateBytes: 1_000_000 };
const MARGIN = 0.8;

interface StackSize {
  path: string;
  resources: number;
  parameters: number;
  outputs: number;
  templateBytes: number;
}

let sizes: StackSize[];

beforeAll(() => {
  const stacks = buildStage();
  const app = stacks.data.node.root as App;
  sizes = app.node
    .findAll()
    .filter((c): c is Stack => Stack.isStack(c))
    .map((stack) => {
      const json = Template.fromStack(stack).toJSON() as Record<string, object | undefined>;
      return {
        path: stack.node.path,
        resources: Object.keys(json.Resources ?? {}).length,
        parameters: Object.keys(json.Parameters ?? {}).length,
        outputs: Object.keys(json.Outputs ?? {}).length,
        // As cdk.out writes it, and CloudFormation reads it from S3.
        templateBytes: Buffer.byteLength(JSON.stringify(json, undefined, 1)),
      };
    });
});

describe('every stack of a stage, nested stacks included', () => {
  it.each([
    { kind: 'resources', fix: 'split it, e.g. a large context into two lambdas/<context> folders' },
    { kind: 'parameters', fix: 'pass it fewer values from other stacks' },
    { kind: 'outputs', fix: 'let other stacks read fewer of its values' },
    { kind: 'templateBytes', fix: 'split it' },
  ] as const)('keeps its $kind within 80 percent of CloudFormation’s limit', ({ kind, fix }) => {
    const allowed = Math.floor(LIMITS[kind] * MARGIN);
    const over = sizes
      .filter((s) => s[kind] > allowed)
      .map((s) => `${s.path}: ${s[kind]} ${kind} (allowed ${allowed} of ${LIMITS[kind]})`);

    expect(sizes.length).toBeGreaterThan(4);
    expect(over, `over the margin: ${fix}`).toEqual([]);
  });
});
