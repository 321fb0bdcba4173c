import { userInfo } from 'node:os';

/** Who runs the command, as the KYC history and consent records name them. */
export function operatorName(): string {
  try {
    return `operator:${userInfo().username}`;
  } catch {
    return 'operator';
  }
}
