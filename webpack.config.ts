import fs from 'node:fs';
import path from 'node:path';
import { type BrotliOptions, constants as zlib } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { InjectManifest } from 'workbox-webpack-plugin';
import { bareShell, COMPILE_HINT, initialScriptsOf } from './scripts/pageDocument';
import { shellConfig, shellDocument } from './scripts/shellDocument';

type Env = Record<string, string | boolean | undefined>;
type Argv = { mode?: 'production' | 'development' | 'none' };

/** Build-time configuration: every value the bundle reads from `process.env`. */
const appConfig = {
  API_BASE: process.env.API_BASE ?? '/api',
  STRIPE_PUBLISHABLE_KEY: process.env.STRIPE_PUBLISHABLE_KEY ?? '',
  CHECKOUT_ORIGINS: process.env.CHECKOUT_ORIGINS ?? 'https://checkout.stripe.com',
  TEACHER_APPLICATION_URL: process.env.TEACHER_APPLICATION_URL ?? '',
  SOCIAL_FACEBOOK_URL: process.env.SOCIAL_FACEBOOK_URL ?? '',
  SOCIAL_INSTAGRAM_URL: process.env.SOCIAL_INSTAGRAM_URL ?? '',
  SOCIAL_X_URL: process.env.SOCIAL_X_URL ?? '',
  SOCIAL_YOUTUBE_URL: process.env.SOCIAL_YOUTUBE_URL ?? '',
};

/** Text assets get brotli (`.br`) and gzip (`.gz`) copies, which the host sends by `Accept-Encoding`. */
const compressedAssets = /\.(js|css|html|svg|json|txt|ico|webmanifest)$/;

/** Where the production build leaves what the prerender step (scripts/prerender.ts) needs; not served. */
const prerenderDir = path.resolve(__dirname, 'dist-render');

/**
 * Writes the files of each named chunk group (`home`, `footer`…) for the prerender step's preload
 * links, and the name of each named chunk's file (chunk files are named by id, so that the runtime
 * in the first download carries no table of names) for the bundle check and the traces.
 */
class ChunkGroupsManifestPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.done.tap('ChunkGroupsManifestPlugin', (stats) => {
      const { namedChunkGroups = {}, chunks = [] } = stats.toJson({ all: false, chunkGroups: true, chunks: true });
      const groups = Object.fromEntries(
        Object.entries(namedChunkGroups).map(([name, group]) => [name, (group.assets ?? []).map((asset) => asset.name).filter((file) => file.endsWith('.js'))]),
      );
      const names = Object.fromEntries(
        chunks.flatMap((chunk) => (chunk.names?.[0] === undefined ? [] : (chunk.files ?? []).filter((file) => file.endsWith('.js')).map((file) => [file, chunk.names![0]!]))),
      );
      fs.mkdirSync(prerenderDir, { recursive: true });
      fs.writeFileSync(path.join(prerenderDir, 'chunk-groups.json'), JSON.stringify(groups, null, 2));
      fs.writeFileSync(path.join(prerenderDir, 'chunk-names.json'), JSON.stringify(names, null, 2));
    });
  }
}

/**
 * The shell (`index.html`) with its inline script (scripts/shellDocument.ts: the route's chunks and
 * a logged-in student's first reads, started from the HTML), written inside the build: after
 * HtmlWebpackPlugin has made the file, before the service worker's precache list (InjectManifest)
 * and the compressed copies. The worker answers the student area with this file from its precache,
 * so its revision there must be that of the file served, not of HtmlWebpackPlugin's draft.
 */
class ShellScriptPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('ShellScriptPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellScriptPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const asset = compilation.getAsset('index.html');
        if (!asset) throw new Error('ShellScriptPlugin: HtmlWebpackPlugin made no index.html');
        const chunkGroups = Object.fromEntries(
          [...compilation.namedChunkGroups].map(([name, group]) => [name, [...new Set(group.chunks.flatMap((chunk) => [...chunk.files]))].filter((file) => file.endsWith('.js'))]),
        );
        const shell = bareShell(asset.source.source().toString());
        const config = shellConfig(chunkGroups, initialScriptsOf(shell), appConfig.API_BASE || '/api');
        compilation.updateAsset('index.html', new webpack.sources.RawSource(shellDocument(shell, config)));
      });
    });
  }
}

/**
 * Asks V8 to compile every function of each of the app's scripts with the script, in one go,
 * instead of each one the first time it runs (Chrome's explicit compile hints: the magic comment
 * must be the file's first line). A script is asked for when its code is about to run: the first
 * download's and the screen's chunks while a page starts, any other chunk when a screen or a part
 * of one is shown, and most of its code runs then. A script is compiled while it streams
 * in, off the main thread; compiled one by one as they first ran, its functions lengthened every
 * task that started a page or a screen (docs/performance.md, "Compile hints").
 * Added after minifying, before the source maps, which it shifts by a line.
 */
class CompileHintsPlugin {
  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'CompileHintsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 }, () => {
        for (const file of Object.keys(compilation.assets).filter((name) => name.startsWith('js/') && name.endsWith('.js'))) {
          compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
        }
      });
    });
  }
}

/** Files of public/ served as they are: the web app manifest, the favicon's SVG and the icons drawn from it (their compressed copies follow). */
class PublicFilesPlugin {
  private readonly files = ['manifest.webmanifest', 'favicon.svg', ...fs.readdirSync(path.resolve(__dirname, 'public', 'icons')).map((name) => `icons/${name}`)];

  apply(compiler: webpack.Compiler) {
    compiler.hooks.thisCompilation.tap('PublicFilesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicFilesPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        for (const file of this.files) {
          const source = path.resolve(__dirname, 'public', file);
          compilation.fileDependencies.add(source);
          compilation.emitAsset(file, new webpack.sources.RawSource(fs.readFileSync(source)));
        }
      });
    });
  }
}

/**
 * The service worker (src/serviceWorker/worker.ts, compiled with the app's rules and config) with
 * the precache list: every script of the build and the shell (as ShellScriptPlugin leaves it, so
 * its revision is the served file's). Pages and reads are kept at run time.
 */
const serviceWorker = () =>
  new InjectManifest({
    swSrc: './src/serviceWorker/worker.ts',
    swDest: 'sw.js',
    include: [/^js\/.*\.js$/, /^index\.html$/],
    // Hashed names need no revision (nor a cache-busting parameter) of their own.
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}(\.chunk)?\.js$/,
    webpackCompilationPlugins: [defineAppConfig()],
  });

/**
 * MUI's CSS-variables theming (CssVarsProvider, createThemeWithVars) is bundled behind
 * ThemeProvider and createTheme even when a theme does not use it, as ours does not (no
 * `colorSchemes`, no `cssVariables`): these two imports get stubs that throw if ever reached.
 */
const muiWithoutCssVariables = () =>
  new webpack.NormalModuleReplacementPlugin(/^\.\/(ThemeProviderWithVars|createThemeWithVars)\.mjs$/, (resource: { request: string; context: string }) => {
    if (!/[\\/]@mui[\\/]material[\\/]styles$/.test(resource.context)) return;
    const name = resource.request.replace(/^\.\/|\.mjs$/g, '');
    resource.request = path.resolve(__dirname, 'src', 'app', 'muiWithoutCssVariables', `${name}.ts`);
  });

const swcRule = (production: boolean): webpack.RuleSetRule => ({
  test: /\.tsx?$/,
  exclude: /node_modules/,
  use: {
    loader: 'swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: !production } },
        target: 'es2020',
      },
    },
  },
});

const defineAppConfig = () =>
  new webpack.DefinePlugin(
    Object.fromEntries(Object.entries(appConfig).map(([key, value]) => [`process.env.${key}`, JSON.stringify(value)])),
  );

/** Images are files whose URL the import gives; `?inline` ones (a page's small first image) are data URLs. */
const imageRules = ({ emit }: { emit: boolean }): webpack.RuleSetRule[] => [
  { test: /\.svg$/, resourceQuery: /inline/, type: 'asset/inline' },
  { test: /\.(svg|png|jpe?g|webp|gif)$/, resourceQuery: { not: [/inline/] }, type: 'asset/resource', generator: { emit } },
];

/**
 * The prerender bundle: src/app/prerender.tsx for Node, in one file, packages left to Node's own
 * require, images named exactly as in the browser build (same content hash) but not written.
 */
const prerenderConfig = (): webpack.Configuration => ({
  name: 'prerender',
  mode: 'production',
  target: 'node',
  entry: { prerender: './src/app/prerender.tsx' },
  output: {
    path: prerenderDir,
    filename: '[name].js',
    library: { type: 'commonjs2' },
    publicPath: '/',
    assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
    clean: false,
  },
  devtool: false,
  stats: 'errors-warnings',
  externalsPresets: { node: true },
  externals: [({ request }, callback) => (request && /^[a-z@][^:]*$/i.test(request) && !request.startsWith('@/') ? callback(undefined, `commonjs ${request}`) : callback())],
  resolve: { extensions: ['.tsx', '.ts', '.js'], alias: { '@': path.resolve(__dirname, 'src') } },
  module: {
    rules: [swcRule(true), ...imageRules({ emit: false })],
  },
  plugins: [defineAppConfig(), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  optimization: { minimize: false, splitChunks: false, runtimeChunk: false },
  performance: false,
});

const providerUrl = process.env.PROVIDER_URL ?? `http://127.0.0.1:${process.env.PROVIDER_PORT ?? '8000'}`;

type ClientConfiguration = webpack.Configuration & { devServer?: DevServerConfiguration };

/** Development: the app for the dev server. Production: the app, and the prerender bundle. */
export default (_env: Env, argv: Argv): ClientConfiguration | ClientConfiguration[] => {
  const production = argv.mode === 'production';
  return production ? [clientConfig(true), prerenderConfig()] : clientConfig(false);
};

/**
 * React Router's production build: its package's exports lead every bundler to the development
 * one, whose only difference is `ENABLE_DEV_WARNINGS = true` (route warnings checked on each
 * render, and their texts in the first download).
 */
const reactRouterBuild = path.resolve(__dirname, 'node_modules', 'react-router', 'dist', 'production');
const reactRouterProductionBuild = {
  'react-router$': path.join(reactRouterBuild, 'index.mjs'),
  'react-router/dom$': path.join(reactRouterBuild, 'dom-export.mjs'),
};

const clientConfig = (production: boolean): ClientConfiguration => {
  return {
    name: 'client',
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      // By id: the names would be a table in the runtime (ChunkGroupsManifestPlugin records them).
      chunkFilename: production ? 'js/[id].[contenthash:10].chunk.js' : 'js/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    stats: production ? 'normal' : 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@': path.resolve(__dirname, 'src'), ...(production ? reactRouterProductionBuild : {}) },
    },
    module: {
      rules: [
        swcRule(production),
        ...imageRules({ emit: true }),
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html' }),
      new PublicFilesPlugin(),
      defineAppConfig(),
      ...(production
        ? [
            new CompressionPlugin({
              test: compressedAssets,
              filename: '[path][base].gz',
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
              minRatio: 0.9,
            }),
            new CompressionPlugin<BrotliOptions>({
              test: compressedAssets,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } },
              minRatio: 0.9,
            }),
            new CompileHintsPlugin(),
            new ChunkGroupsManifestPlugin(),
            new ShellScriptPlugin(),
            muiWithoutCssVariables(),
            serviceWorker(),
          ]
        : []),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        // React DOM apart from the rest of the first download's packages: two scripts, each compiled
        // and run in a task under 100 ms at 4× CPU, instead of one of up to 150 ms (decision 0046).
        cacheGroups: { reactDom: { test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 0, reuseExistingChunk: true } },
      },
      runtimeChunk: 'single',
      // SWC's minifier, with webpack's own settings for Terser (two compress passes): half the
      // build's time, and smaller files (docs/decisions/0037-minify-with-swc.md).
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 2 }, mangle: true } })],
    },
    // Budgets are checked on gzip sizes by scripts/check-bundle.ts after each production build.
    performance: false,
    devServer: {
      port: Number(process.env.PORT ?? 8080),
      host: process.env.HOST ?? 'localhost',
      historyApiFallback: true,
      hot: true,
      client: { overlay: { warnings: false } },
      // ws: the lesson rooms' signalling WebSockets (under /api/) go through too.
      proxy: [{ context: ['/api', '/media'], target: providerUrl, changeOrigin: false, ws: true }],
    },
  };
};
