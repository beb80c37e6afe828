import type { EmbedProvider } from './provider.ts';

const WIDTH = 640;
const HEIGHT = 360;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

const host = (url: URL) => url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');

/** The YouTube video an address shows: watch?v=, youtu.be/, /embed/, /shorts/, /live/. */
export function youtubeId(url: URL): string | null {
  const h = host(url);
  let id: string | null = null;
  if (h === 'youtu.be') id = url.pathname.split('/')[1] ?? null;
  else if (h === 'youtube.com' || h === 'youtube-nocookie.com') {
    const [first, second] = url.pathname.split('/').slice(1);
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live') id = second ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The Vimeo video an address shows: vimeo.com/{id}, player.vimeo.com/video/{id}. */
export function vimeoId(url: URL): string | null {
  const h = host(url);
  const parts = url.pathname.split('/').filter(Boolean);
  const id = h === 'vimeo.com' ? parts[0] : h === 'player.vimeo.com' && parts[0] === 'video' ? parts[1] : undefined;
  return id && VIMEO_ID.test(id) ? id : null;
}

const iframe = (src: string, title: string) =>
  `<iframe src="${src}" width="${WIDTH}" height="${HEIGHT}" title="${title}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`;

/**
 * The sandbox embed service: recognises YouTube and Vimeo addresses and answers the oEmbed
 * shape those providers answer (a video with an iframe player), computed from the address alone.
 * Anything else is not embeddable, as the real service says of an unknown page.
 */
export function createSandboxEmbeds(): EmbedProvider {
  return {
    name: 'sandbox',
    lookup: async (url) => {
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
      const youtube = youtubeId(url);
      if (youtube) {
        return {
          type: 'video',
          version: '1.0',
          provider_name: 'YouTube',
          provider_url: 'https://www.youtube.com/',
          url: `https://www.youtube.com/watch?v=${youtube}`,
          html: iframe(`https://www.youtube-nocookie.com/embed/${youtube}`, 'YouTube video'),
          width: WIDTH,
          height: HEIGHT,
          thumbnail_url: `https://i.ytimg.com/vi/${youtube}/hqdefault.jpg`,
        };
      }
      const vimeo = vimeoId(url);
      if (vimeo) {
        return {
          type: 'video',
          version: '1.0',
          provider_name: 'Vimeo',
          provider_url: 'https://vimeo.com/',
          url: `https://vimeo.com/${vimeo}`,
          html: iframe(`https://player.vimeo.com/video/${vimeo}`, 'Vimeo video'),
          width: WIDTH,
          height: HEIGHT,
          thumbnail_url: null,
        };
      }
      return null;
    },
  };
}
