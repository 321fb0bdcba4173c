import { type Command, print, withRuntime } from '../command.ts';

export const migrate: Command = {
  name: 'migrate',
  help: 'Usage: paytag migrate\n\nApplies pending database migrations and exits.',
  async run() {
    await withRuntime(async () => print('migrations are up to date'));
    return 0;
  },
};
