import type { CompaniesRepository } from '#shared/companies/companies';
import { dropStillValid } from './drop-access';
import { dropIdOfUsername, dropPrefix } from './drop-view';
import type { DropsStore } from './ports';

/**
 * What AWS Transfer Family sends a custom (Lambda) identity provider for each login
 * (https://docs.aws.amazon.com/transfer/latest/userguide/custom-lambda-idp.html).
 */
export interface SftpLoginEvent {
  username: string;
  /** Empty for a public-key login; a drop never takes a password. */
  password?: string;
  protocol?: string;
  serverId?: string;
  sourceIp?: string;
}

/**
 * The identity provider's answer: the session's role, a logical home folder mapped onto the
 * drop's prefix, the session policy that narrows the role to that prefix, and the public keys
 * Transfer Family checks the client's key against. `{}` refuses the login.
 */
export interface SftpIdentity {
  Role?: string;
  HomeDirectoryType?: 'LOGICAL';
  HomeDirectoryDetails?: string;
  Policy?: string;
  PublicKeys?: string[];
}

/** Ports of {@link sftpIdentity}. */
export interface SftpIdentityDeps {
  drops: Pick<DropsStore, 'get'>;
  companies: CompaniesRepository;
  /** The uploads bucket's name. */
  bucket: string;
  /** The role SFTP sessions assume (its ARN's partition names the bucket's ARN too). */
  roleArn: string;
}

/**
 * Answers a drop's SFTP login (the Transfer server's identity provider).
 * Steps: 1. refuse a password login (drops take SSH keys only) and a user name that is not a
 * drop's; 2. load the drop: unknown, revoked, a folder drop, no key, or a maker who no longer
 * manages the organisation (or a client gone) -> refuse; 3. answer with its key, the home `/`
 * mapped onto `drops/<org_uid>/<client_uid | _org>/` (the user sees nothing else of the
 * bucket) and a session policy allowing list, read, write and delete under that prefix only.
 * @returns the identity, or `{}` (refused; Transfer Family then denies the login).
 */
export async function sftpIdentity(
  deps: SftpIdentityDeps,
  event: SftpLoginEvent,
): Promise<SftpIdentity> {
  if (event.password) return {};
  const dropId = dropIdOfUsername(event.username ?? '');
  const drop = dropId ? await deps.drops.get(dropId) : null;
  if (!drop || drop.revoked_at || drop.mode !== 'sftp' || !drop.ssh_public_key) return {};
  if ('problem' in (await dropStillValid(deps.companies, drop))) return {};
  const prefix = dropPrefix(drop);
  const partition = deps.roleArn.split(':')[1] || 'aws';
  const bucketArn = `arn:${partition}:s3:::${deps.bucket}`;
  const policy = {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'ListDrop',
        Effect: 'Allow',
        Action: 's3:ListBucket',
        Resource: bucketArn,
        Condition: { StringLike: { 's3:prefix': [prefix, `${prefix}*`] } },
      },
      {
        Sid: 'DropFiles',
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:GetObject', 's3:GetObjectVersion', 's3:DeleteObject'],
        Resource: `${bucketArn}/${prefix}*`,
      },
    ],
  };
  return {
    Role: deps.roleArn,
    HomeDirectoryType: 'LOGICAL',
    HomeDirectoryDetails: JSON.stringify([
      { Entry: '/', Target: `/${deps.bucket}/${prefix.slice(0, -1)}` },
    ]),
    Policy: JSON.stringify(policy),
    PublicKeys: [drop.ssh_public_key.trim()],
  };
}
