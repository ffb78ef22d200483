import { CONTACT_EMAIL, LOCALE_COOKIE } from '../../constants.ts';
import type { LegalDocument } from './types.ts';

const UPDATED_AT = '2026-11-27';
const mail = `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>`;

/** The privacy policy of the portal: what little it collects, why, and for how long. */
export const privacyPolicy: LegalDocument = {
  ru: {
    title: 'Политика конфиденциальности',
    description:
      'Какие данные собирает портал «Криосфера Центральной Азии»: только сообщения из формы обратной связи, cookie выбора языка, журналы сервера и обезличенные показатели скорости страниц.',
    updatedAt: UPDATED_AT,
    html: `
<p>Портал «Криосфера Центральной Азии» — открытый информационный ресурс. Все его материалы доступны без регистрации: на сайте нет учётных записей, личных кабинетов, рассылок и платных услуг. Эта политика объясняет, какие сведения о посетителях всё же попадают к нам, зачем они нужны и как с ними обращаются.</p>

<h2>1. Какие данные мы получаем</h2>
<h3>Форма обратной связи</h3>
<p>Единственные персональные данные, которые мы получаем, — это сведения, которые вы сами отправляете через форму обратной связи:</p>
<ul>
<li>имя;</li>
<li>адрес электронной почты;</li>
<li>тема обращения;</li>
<li>текст сообщения.</li>
</ul>
<p>Отправка формы добровольна. Пожалуйста, не указывайте в сообщении сведения, которые не нужны для ответа.</p>

<h3>Cookie выбора языка</h3>
<p>Когда вы переключаете язык сайта, в вашем браузере сохраняется cookie <code>${LOCALE_COOKIE}</code> со значением <code>ru</code> или <code>en</code>. Он нужен только для того, чтобы при следующем визите открыть сайт на выбранном языке, и хранится 365 дней. Cookie не содержит сведений о вас и не используется для отслеживания. Вы можете удалить его в настройках браузера в любой момент — тогда язык будет выбираться по настройкам браузера.</p>

<h3>Журналы сервера</h3>
<p>Как и любой веб-сервер, наш сервер записывает технические сведения о запросах: IP-адрес, дату и время, запрошенный адрес страницы, код ответа и сведения о браузере (User-Agent). Эти журналы используются только для обеспечения безопасности и работоспособности сайта — чтобы обнаруживать атаки, злоупотребления и ошибки. Они хранятся ограниченное время, не дольше, чем это нужно для этих целей, и не используются для составления профилей посетителей.</p>

<h3>Показатели скорости страниц</h3>
<p>Чтобы знать, насколько быстро сайт открывается у посетителей, после просмотра страницы ваш браузер отправляет нам пять показателей её загрузки и отзывчивости (<span lang="en">Core Web Vitals</span>: LCP, INP, CLS, FCP и TTFB), ширину окна в пикселях и адрес страницы без параметров. Сервер сразу заменяет адрес названием типа страницы, а ширину — типом устройства (телефон, планшет или компьютер) и добавляет значения к общей статистике. Сами сообщения не хранятся, а в статистике нет ни адресов страниц, ни сведений о посетителях, так что связать показатели с человеком нельзя. Cookie для этого не используются.</p>

<h2>2. Чего мы не делаем</h2>
<ul>
<li>Мы не используем сторонние счётчики, системы веб-аналитики, рекламные сети и другие средства отслеживания.</li>
<li>Мы не создаём профили посетителей и не принимаем автоматизированных решений на основе ваших данных.</li>
<li>Мы не продаём и не передаём ваши данные третьим лицам для рекламы или иных целей.</li>
</ul>

<h2>3. Зачем нужны данные из формы</h2>
<p>Сообщения из формы обратной связи хранятся, чтобы мы могли прочитать ваше обращение и ответить на него по указанному адресу электронной почты. Мы не используем адрес для рассылок и не добавляем его в списки без вашего отдельного согласия.</p>

<h2>4. Сроки хранения</h2>
<p>Обращения хранятся столько, сколько нужно для ответа и возможной последующей переписки по тому же вопросу, после чего удаляются. Вы можете в любой момент попросить удалить ваше обращение раньше.</p>

<h2>5. Кто имеет доступ к данным</h2>
<p>Доступ к обращениям есть только у сотрудников редакции и технической группы портала, которым он нужен для ответа и для поддержки работы сайта. Мы раскроем данные третьим лицам, только если этого прямо требует закон.</p>

<h2>6. Защита данных</h2>
<p>Сайт работает по защищённому соединению (HTTPS). Мы принимаем разумные технические и организационные меры, чтобы защитить данные от несанкционированного доступа, изменения и утраты.</p>

<h2>7. Ссылки на другие сайты</h2>
<p>На портале есть ссылки на сайты партнёров, научных организаций и социальных сетей, а на отдельных страницах могут быть встроенные материалы других сервисов. Когда вы переходите по такой ссылке или запускаете встроенный материал, действуют правила конфиденциальности соответствующего сервиса: мы не управляем ими и не отвечаем за них.</p>

<h2>8. Ваши права</h2>
<p>Вы можете узнать, есть ли у нас ваше обращение, получить его копию, попросить исправить или удалить его. Для этого напишите нам по адресу ${mail}. Мы ответим в разумный срок.</p>

<h2>9. Изменения политики</h2>
<p>Мы можем обновлять эту политику, например если на сайте появятся новые функции. Актуальная версия всегда опубликована на этой странице вместе с датой последнего изменения.</p>

<h2>10. Контакты</h2>
<p>По всем вопросам, связанным с персональными данными, пишите на ${mail}.</p>
`,
  },
  en: {
    title: 'Privacy policy',
    description:
      'What the Cryosphere of Central Asia portal collects: only the messages sent through the feedback form, a language cookie, server logs and anonymous page speed figures.',
    updatedAt: UPDATED_AT,
    html: `
<p>Cryosphere of Central Asia is an open information portal. All of its content is available without registration: the site has no user accounts, no personal profiles, no newsletters and no paid services. This policy explains what information about visitors does reach us, why we need it and how we handle it.</p>

<h2>1. What data we receive</h2>
<h3>The feedback form</h3>
<p>The only personal data we receive is what you choose to send us through the feedback form:</p>
<ul>
<li>your name;</li>
<li>your e-mail address;</li>
<li>the topic of your message;</li>
<li>the text of your message.</li>
</ul>
<p>Sending the form is voluntary. Please do not include information that we do not need in order to answer you.</p>

<h3>The language cookie</h3>
<p>When you switch the language of the site, your browser stores a cookie named <code>${LOCALE_COOKIE}</code> with the value <code>ru</code> or <code>en</code>. Its only purpose is to open the site in the language you chose on your next visit, and it is kept for 365 days. The cookie contains nothing about you and is not used for tracking. You can delete it in your browser settings at any time; the language will then be chosen from your browser’s preferences.</p>

<h3>Server logs</h3>
<p>Like any web server, our server records technical information about requests: the IP address, the date and time, the requested page, the response status and the browser identification (User-Agent). These logs are used only to keep the site secure and working — to detect attacks, abuse and errors. They are kept for a limited time, no longer than needed for these purposes, and are not used to build profiles of visitors.</p>

<h3>Page speed measurements</h3>
<p>To know how fast the site opens for its visitors, your browser sends us, after you view a page, five measures of how it loaded and responded (the Core Web Vitals LCP, INP, CLS, FCP and TTFB), the width of its window in pixels and the page’s address without any parameters. The server at once replaces the address with the type of page and the width with a device class (phone, tablet or computer), and adds the values to overall statistics. The messages themselves are not kept, and the statistics hold no page addresses and nothing about visitors, so the figures cannot be linked to a person. No cookie is used for this.</p>

<h2>2. What we do not do</h2>
<ul>
<li>We do not use third-party counters, web analytics, advertising networks or any other tracking tools.</li>
<li>We do not build visitor profiles or make automated decisions based on your data.</li>
<li>We do not sell your data or share it with third parties for advertising or any other purpose.</li>
</ul>

<h2>3. Why we keep what you send through the form</h2>
<p>Messages sent through the feedback form are stored so that we can read your request and reply to the e-mail address you gave. We do not use that address for newsletters and do not add it to any list without your separate consent.</p>

<h2>4. How long we keep data</h2>
<p>Requests are kept as long as needed to answer them and to continue a conversation about the same matter, and are then deleted. You may ask us to delete your request earlier at any time.</p>

<h2>5. Who has access</h2>
<p>Only the members of the portal’s editorial and technical teams who need them to answer you and to run the site have access to the requests. We disclose data to third parties only where the law explicitly requires it.</p>

<h2>6. Security</h2>
<p>The site is served over a secure connection (HTTPS). We take reasonable technical and organisational measures to protect data against unauthorised access, alteration and loss.</p>

<h2>7. Links to other sites</h2>
<p>The portal links to the websites of partners, research organisations and social networks, and some pages may contain embedded content from other services. When you follow such a link or play embedded content, the privacy policy of that service applies: we do not control it and are not responsible for it.</p>

<h2>8. Your rights</h2>
<p>You can ask us whether we hold a request from you, get a copy of it, and ask us to correct or delete it. Write to ${mail} and we will reply within a reasonable time.</p>

<h2>9. Changes to this policy</h2>
<p>We may update this policy, for example when new features are added to the site. The current version is always published on this page together with the date of its last change.</p>

<h2>10. Contact</h2>
<p>For any question about personal data, write to ${mail}.</p>
`,
  },
};
