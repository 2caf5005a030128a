import { useRouter } from '@tanstack/react-router';

/**
 * A link inside the platform area: client-side navigation under the app's router, an ordinary link
 * where there is none (the views rendered alone in tests). New-tab clicks keep the browser's way.
 */
export function PlatformLink({ href, className, children }: { href: string; className?: string; children: React.ReactNode }) {
  const router = useRouter({ warn: false });
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (!router || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
