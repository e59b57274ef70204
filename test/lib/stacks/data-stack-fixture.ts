import { Template } from 'aws-cdk-lib/assertions';
import { stageConfig } from '../../../lib/config/stage-config';
import { DataStack } from '../../../lib/stacks/data.stack';
import { buildStage, testApp } from '../cdk-fixture';

/** The Data and Web stack templates of the default (non-prod) stage, built as bin/app.ts does. */
export function stageTemplates(): { data: Template; web: Template } {
  const stacks = buildStage();
  return { data: Template.fromStack(stacks.data), web: Template.fromStack(stacks.web) };
}

/** A Data stack of the prod stage, where buckets and tables are retained and protected. */
export function prodDataTemplate(): Template {
  const prodApp = testApp({ stage: 'prod' });
  return Template.fromStack(new DataStack(prodApp, 'ProdData', { config: stageConfig(prodApp) }));
}
