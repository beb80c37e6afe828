import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|css|svg|json|txt|map)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of the build, once, so the
 * server hands a browser the compressed file it asks for (`preCompressed` in http/spa.ts)
 * without compressing on every request. A page load fetches about 60 of the app's files: as
 * plain text that is ~3 MB written to the socket per load, which staff on a slow line wait for
 * and the server's CPU pays for (issue 29 measured the writes at ~9 % of an app server's CPU in
 * the browser suite). Brotli at its highest quality costs seconds here, at build time only.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'almoner-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).map(String).filter((name) => TEXT.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          if ((await stat(path)).size < 1024) return;
          const content = await readFile(path);
          const [br, gzipped] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gz(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        }),
      );
    },
  };
}
