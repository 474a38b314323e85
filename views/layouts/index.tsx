// The layouts of §2. A page names its layout; the renderer wraps it.
import type { ReactNode } from 'react';
import { Footer } from '../components/Footer.tsx';
import { userHeaderProps, managerHeaderProps } from '../components/header-props.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { Island } from '../Island.tsx';
import { usePage } from '../page-context.tsx';

/** A page under the header, with the footer and the session/version dialogs of its area. */
function HeaderLayout({ area, children }: { area: 'user' | 'manage'; children: ReactNode }) {
  const page = usePage();
  const header = area === 'manage' ? managerHeaderProps(page, page.managerAccount) : userHeaderProps(page, page.account);
  return (
    <div className={`layout ${area === 'manage' ? 'layout--admin' : 'layout--default'}`}>
      <Island name="Header" props={header} />
      <main className="layout__main" id="main">
        {children}
      </main>
      <Footer />
      <Island name="GlobalDialogs" props={{ area }} />
    </div>
  );
}

/** Default user layout: header (a tab per enabled feature), footer, session-error and version-error dialogs. */
export const DefaultLayout = ({ children }: { children: ReactNode }) => <HeaderLayout area="user">{children}</HeaderLayout>;

/** Admin layout: add-user and user-list tabs, account, news, FAQ, GPT usage, logout. */
export const AdminLayout = ({ children }: { children: ReactNode }) => <HeaderLayout area="manage">{children}</HeaderLayout>;

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
      <Island name="GlobalDialogs" props={{ area: page.path.startsWith('/manage') ? 'manage' : 'user' }} />
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
