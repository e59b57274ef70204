import { App, Tags } from 'aws-cdk-lib';
import { stageConfig } from '../lib/config/stage-config';
import { createStacks } from '../lib/stacks/app-stacks';

// Stage from context: `npx cdk deploy -c stage=prod` (default dev).
const app = new App();
const config = stageConfig(app);
Tags.of(app).add('app', 'analyticowl');
Tags.of(app).add('stage', config.stage);
createStacks(app, config, {
  account: process.env.CDK_DEFAULT_ACCOUNT,
  region: process.env.CDK_DEFAULT_REGION,
});
