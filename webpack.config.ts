import path from 'node:path';
import { type BrotliOptions, constants as zlib } from 'node:zlib';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';

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

const providerUrl = process.env.PROVIDER_URL ?? `http://127.0.0.1:${process.env.PROVIDER_PORT ?? '8000'}`;

export default (_env: Env, argv: Argv): webpack.Configuration & { devServer?: DevServerConfiguration } => {
  const production = argv.mode === 'production';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'js/[name].[contenthash:10].js' : 'js/[name].js',
      chunkFilename: production ? 'js/[name].[contenthash:10].chunk.js' : 'js/[name].chunk.js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    stats: production ? 'normal' : 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@': path.resolve(__dirname, 'src') },
    },
    module: {
      rules: [
        {
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
        },
        { test: /\.(svg|png|jpe?g|webp|gif)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new webpack.DefinePlugin(
        Object.fromEntries(
          Object.entries(appConfig).map(([key, value]) => [`process.env.${key}`, JSON.stringify(value)]),
        ),
      ),
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
            muiWithoutCssVariables(),
          ]
        : []),
    ],
    optimization: {
      splitChunks: { chunks: 'all' },
      runtimeChunk: 'single',
    },
    // Budgets are checked on gzip sizes by scripts/check-bundle.ts after each production build.
    performance: false,
    devServer: {
      port: Number(process.env.PORT ?? 8080),
      host: process.env.HOST ?? 'localhost',
      historyApiFallback: true,
      hot: true,
      client: { overlay: { warnings: false } },
      proxy: [{ context: ['/api', '/media'], target: providerUrl, changeOrigin: false }],
    },
  };
};
