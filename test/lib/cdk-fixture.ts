import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { App, type CfnElement, NestedStack, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stageConfig } from '../../lib/config/stage-config';
import { PROJECT_ROOT } from '../../lib/constructs/api-function.construct';
import { type AppStacks, createStacks } from '../../lib/stacks/app-stacks';

/** cdk.json context (feature flags) so tests synthesize what `cdk synth` does. */
function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(resolve(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/**
 * A CDK app with the project's feature flags and bundling skipped (no esbuild, no Docker).
 * CDK's built-in CloudFormation schema validation is turned off here: it costs ~15 s per synth and
 * `npm run synth` still runs it.
 */
export function testApp(context: Record<string, unknown> = {}): App {
  process.env.CDK_VALIDATION = 'false';
  return new App({
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...context },
  });
}

/** Builds all stacks of a stage the way bin/app.ts does. */
export function buildStage(context: Record<string, unknown> = {}): AppStacks {
  const app = testApp(context);
  return createStacks(app, stageConfig(app));
}

/**
 * The logical id of a construct's CloudFormation resource (its default child) in `stack`, as
 * grants, alarms and routes in the templates name it.
 */
export function constructId(construct: unknown, stack: Stack): string {
  const child = (construct as { node: { defaultChild: CfnElement } }).node.defaultChild;
  return stack.resolve(stack.getLogicalId(child)) as string;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** `value` with every `{ Ref: <name in values> }` replaced by `values[name]`, deeply. */
function substituteRefs(value: unknown, values: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((v) => substituteRefs(v, values));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const [key, ref] = entries[0] ?? [];
  if (entries.length === 1 && key === 'Ref' && typeof ref === 'string' && ref in values)
    return values[ref];
  return Object.fromEntries(entries.map(([k, v]) => [k, substituteRefs(v, values)]));
}

/**
 * The template of `stack` with the resources of its nested stacks (at any depth) inlined, each
 * reference to a nested stack's parameter replaced by the value the parent passes in. So a grant
 * made in a nested stack still names the Data stack's export, and a route's AuthorizerId the
 * parent's authorizer: tests assert what each resource finally receives, wherever it lives.
 * @throws Error if two stacks use the same logical id (the inlined view would be ambiguous).
 */
export function flattenedTemplate(stack: Stack): Template {
  const json = Template.fromStack(stack).toJSON() as { Resources: Resources };
  const resources: Resources = { ...json.Resources };
  const children = stack.node
    .findAll()
    .filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack);
  for (const nested of children) {
    const resource = nested.nestedStackResource;
    if (!resource) throw new Error(`${nested.node.path} has no stack resource`);
    const id = stack.resolve(stack.getLogicalId(resource)) as string;
    const passed = (json.Resources[id]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const inner = flattenedTemplate(nested).toJSON() as { Resources: Resources };
    for (const [logicalId, r] of Object.entries(inner.Resources)) {
      if (logicalId in resources) throw new Error(`Logical id ${logicalId} is used twice`);
      resources[logicalId] = substituteRefs(r, passed) as Resources[string];
    }
  }
  return Template.fromJSON({ ...json, Resources: resources });
}

/** All resources of a template, by logical id. */
export function resourcesOf(template: Template): Resources {
  return template.toJSON().Resources as Resources;
}

/** The one logical id whose resource has `type` and an id starting with `prefix`. */
export function logicalIdOf(template: Template, type: string, prefix: string): string {
  const ids = Object.entries(resourcesOf(template))
    .filter(([id, r]) => r.Type === type && id.startsWith(prefix))
    .map(([id]) => id);
  if (ids.length !== 1) throw new Error(`Expected one ${type} ${prefix}*, found ${ids.join(',')}`);
  return ids[0] as string;
}

/** One IAM statement, with Action/Resource normalized to arrays. */
export interface Statement {
  Effect: string;
  Action: string[];
  Resource: unknown[];
}

/** Every statement of the identity policies attached to the role of function `<prefix>*`. */
export function functionStatements(template: Template, functionPrefix: string): Statement[] {
  const resources = resourcesOf(template);
  const fnId = logicalIdOf(template, 'AWS::Lambda::Function', functionPrefix);
  const roleRef = resources[fnId]?.Properties?.Role as { 'Fn::GetAtt'?: string[] } | undefined;
  const role = roleRef?.['Fn::GetAtt']?.[0];
  if (!role) throw new Error(`Function ${fnId} has no role of its own`);
  const statements: Statement[] = [];
  for (const r of Object.values(resources)) {
    if (r.Type !== 'AWS::IAM::Policy') continue;
    const roles = (r.Properties?.Roles ?? []) as Array<{ Ref?: string }>;
    if (!roles.some((ref) => ref.Ref === role)) continue;
    const doc = r.Properties?.PolicyDocument as { Statement: Array<Record<string, unknown>> };
    for (const s of doc.Statement) {
      statements.push({
        Effect: String(s.Effect),
        Action: ([] as string[]).concat(s.Action as string | string[]),
        Resource: ([] as unknown[]).concat(s.Resource),
      });
    }
  }
  return statements;
}

/** Actions granted on resources whose JSON mentions `needle` (a logical id or export name). */
export function actionsOn(statements: Statement[], needle: string): string[] {
  return statements
    .filter((s) => s.Effect === 'Allow' && JSON.stringify(s.Resource).includes(needle))
    .flatMap((s) => s.Action);
}

/** The environment variables of function `<prefix>*`. */
export function functionEnv(template: Template, functionPrefix: string): Record<string, unknown> {
  const fnId = logicalIdOf(template, 'AWS::Lambda::Function', functionPrefix);
  const props = resourcesOf(template)[fnId]?.Properties as {
    Environment?: { Variables?: Record<string, unknown> };
  };
  return props.Environment?.Variables ?? {};
}
