import type { App, Environment } from 'aws-cdk-lib';
import type { StageConfig } from '../config/stage-config';
import { ApiStack } from './api.stack';
import { DataStack } from './data.stack';
import { MonitoringStack } from './monitoring.stack';
import { PipelineStack } from './pipeline.stack';
import { WebStack } from './web.stack';

/** The stacks of one stage, as created by {@link createStacks}. */
export interface AppStacks {
  readonly data: DataStack;
  readonly api: ApiStack;
  readonly pipeline: PipelineStack;
  readonly web: WebStack;
  readonly monitoring: MonitoringStack;
}

/**
 * Creates a stage's stacks: `AnalyticOwl-<stage>-Data` (stateful) feeding `-Api` and `-Pipeline`
 * (stateless), `-Web` in front of the API, and `-Monitoring` (the dashboard over them all; each
 * stack keeps its own alarms). Used by bin/app.ts and the CDK tests alike.
 * @param env target account/region; omit for an environment-agnostic synth.
 */
export function createStacks(app: App, config: StageConfig, env?: Environment): AppStacks {
  const prefix = `AnalyticOwl-${config.stage}`;
  const data = new DataStack(app, `${prefix}-Data`, { env, config });
  const shared = { env, config, data: data.resources };
  const api = new ApiStack(app, `${prefix}-Api`, shared);
  const pipeline = new PipelineStack(app, `${prefix}-Pipeline`, shared);
  const web = new WebStack(app, `${prefix}-Web`, { env, config, httpApi: api.httpApi });
  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    config,
    alarmNames: [...data.alarms.names, ...api.alarmNames, ...pipeline.alarms.names],
    httpApi: api.httpApi,
    stateMachine: pipeline.stateMachine,
    deadLetterQueues: data.deadLetterQueues,
  });
  return { data, api, pipeline, web, monitoring };
}
