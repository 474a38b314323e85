// The layouts of §2. A page names its layout; the renderer wraps it.
import type { ReactNode } from 'react';
import { Footer } from '../components/Footer.tsx';
import { userHeaderProps, managerHeaderProps } from '../components/header-props.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

/** Default user layout: header, footer, session-error and version-error dialogs. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  const page = usePage();
  return (
    <div className="layout layout--default">
      <Island name="Header" props={userHeaderProps(page, page.account)} />
      <main className="layout__main" id="main">
        {children}
      </main>
      <Footer />
      <Island name="GlobalDialogs" props={{ area: 'user' }} />
    </div>
  );
}

/** Header-less layout for sign-in pages: logo and language switch. */
export function HeaderlessLayout({ children }: { children: ReactNode }) {
  const page = usePage();
  const home = page.path.startsWith('/manage') ? '/manage/login' : '/login';
  return (
    <div className="layout layout--headerless">
      <div className="headerless__top">
        <Logo href={home} />
        <LanguageSwitch />
      </div>
      <main className="layout__main headerless__main" id="main">
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** Admin layout: add-user and user-list tabs, account, news, FAQ, GPT usage, logout. */
export function AdminLayout({ children }: { children: ReactNode }) {
  const page = usePage();
  return (
    <div className="layout layout--admin">
      <Island name="Header" props={managerHeaderProps(page, page.managerAccount)} />
      <main className="layout__main" id="main">
        {children}
      </main>
      <Footer />
      <Island name="GlobalDialogs" props={{ area: 'manage' }} />
    </div>
  );
}

/** Plain layout: the page alone. */
export function PlainLayout({ children }: { children: ReactNode }) {
  return (
    <div className="layout layout--plain">
      <main className="layout__main" id="main">
        {children}
      </main>
    </div>
  );
}

export const layouts = { default: DefaultLayout, headerless: HeaderlessLayout, admin: AdminLayout, plain: PlainLayout };
export type LayoutName = keyof typeof layouts;
