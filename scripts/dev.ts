// `npm run dev`: the API server on API_PORT (8787) and Vite with HMR in front of it (5173).
import { spawn, type ChildProcess } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8787';
const children: ChildProcess[] = [];

function run(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    console.log(`[dev] ${name} exited (${code ?? 'signal'})`);
    stop();
  });
  children.push(child);
}

function stop() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(0);
}

run('server', process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
  PORT: apiPort,
  STATIC_DIR: './.no-static',
});
run('vite', process.execPath, ['node_modules/vite/bin/vite.js'], { API_PORT: apiPort });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
