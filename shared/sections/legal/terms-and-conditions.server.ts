import { CONTACT_EMAIL } from '../../constants.ts';
import type { LegalDocument } from './types.ts';

const UPDATED_AT = '2026-11-22';
const mail = `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>`;

/** Terms of use of the portal: a public, read-only information resource. */
export const termsAndConditions: LegalDocument = {
  ru: {
    title: 'Условия использования',
    description:
      'Правила использования портала «Криосфера Центральной Азии»: свободный доступ к материалам, ссылки на источник, ограничение ответственности.',
    updatedAt: UPDATED_AT,
    html: `
<p>Портал «Криосфера Центральной Азии» (далее — портал) — открытый информационный ресурс о ледниках, снежном покрове, многолетней мерзлоте и других компонентах криосферы региона. Пользуясь порталом, вы соглашаетесь с этими условиями. Если вы с ними не согласны, пожалуйста, не используйте портал.</p>

<h2>1. Доступ к порталу</h2>
<p>Портал доступен всем бесплатно и без регистрации. На нём нет учётных записей и платных услуг. Мы стремимся, чтобы портал работал без перерывов, но не можем это гарантировать: он может быть временно недоступен из-за технических работ, сбоев или обстоятельств, не зависящих от нас.</p>

<h2>2. Использование материалов</h2>
<p>Вы можете просматривать, скачивать и распространять материалы портала в личных, образовательных, научных и других некоммерческих целях при условии ссылки на портал и на страницу-источник. Для иного использования, в том числе коммерческого, напишите нам по адресу ${mail}.</p>
<p>Часть материалов принадлежит третьим лицам: данные о ледниках взяты из базы данных Всемирной службы мониторинга ледников (WGMS) и из научных публикаций, часть изображений и документов предоставлена партнёрами. На такие материалы распространяются условия их правообладателей; источник указан рядом с материалом или в его описании. Ссылаясь на данные, указывайте первоисточник.</p>

<h2>3. Демонстрационные материалы</h2>
<p>Часть материалов портала размещена для демонстрации его возможностей: в том числе описания людей, событий, вакансий, грантов, стажировок и курсов, отмеченные как примеры. Такие материалы вымышлены. Не принимайте на их основе решений и не отправляйте по ним заявки или документы.</p>

<h2>4. Точность информации</h2>
<p>Мы тщательно готовим материалы и указываем источники данных, но портал носит информационный характер. Материалы предоставляются «как есть», без гарантий полноты, точности и актуальности. Они не заменяют официальных прогнозов, предупреждений и решений гидрометеорологических служб и органов по чрезвычайным ситуациям. При угрозе селей, паводков, лавин или прорывов озёр следуйте указаниям официальных служб.</p>

<h2>5. Ссылки на другие ресурсы</h2>
<p>Портал содержит ссылки на сайты партнёров и других организаций. Мы не управляем этими сайтами и не отвечаем за их содержание, доступность и правила обработки данных.</p>

<h2>6. Обратная связь</h2>
<p>Отправляя сообщение через форму обратной связи, указывайте достоверный адрес электронной почты и не отправляйте оскорбительных, незаконных материалов, рекламы и спама. Как мы обращаемся с данными из формы, описано в <a href="/content/privacy-policy">политике конфиденциальности</a>.</p>

<h2>7. Допустимое использование</h2>
<p>Не пытайтесь нарушить работу портала, получить несанкционированный доступ к его серверам или создавать чрезмерную нагрузку автоматическими запросами. Мы можем ограничить доступ с адресов, с которых поступают такие запросы.</p>

<h2>8. Ограничение ответственности</h2>
<p>В пределах, допускаемых законом, команда портала не несёт ответственности за прямой или косвенный ущерб, возникший в результате использования портала или невозможности его использования, а также в результате использования размещённых на нём материалов.</p>

<h2>9. Изменения условий</h2>
<p>Мы можем изменять эти условия. Актуальная версия всегда опубликована на этой странице вместе с датой последнего изменения. Продолжая пользоваться порталом после изменений, вы соглашаетесь с новой редакцией.</p>

<h2>10. Контакты</h2>
<p>Вопросы об этих условиях и об использовании материалов направляйте на ${mail}.</p>
`,
  },
  en: {
    title: 'Terms and conditions',
    description:
      'The terms of use of the Cryosphere of Central Asia portal: free access to the content, attribution, and limits of liability.',
    updatedAt: UPDATED_AT,
    html: `
<p>Cryosphere of Central Asia (the “portal”) is an open information resource on the glaciers, snow cover, permafrost and other components of the cryosphere of the region. By using the portal you agree to these terms. If you do not agree with them, please do not use the portal.</p>

<h2>1. Access to the portal</h2>
<p>The portal is free for everyone and requires no registration. It has no user accounts and no paid services. We aim to keep it available at all times but cannot guarantee it: the portal may be temporarily unavailable because of maintenance, failures or circumstances beyond our control.</p>

<h2>2. Use of the content</h2>
<p>You may view, download and share the content of the portal for personal, educational, research and other non-commercial purposes, provided that you credit the portal and link to the source page. For any other use, including commercial use, please write to ${mail}.</p>
<p>Some content belongs to third parties: glacier data come from the database of the World Glacier Monitoring Service (WGMS) and from scientific publications, and some images and documents were provided by partners. Such content is subject to the terms of its owners; the source is given next to the item or in its description. When you use the data, cite the original source.</p>

<h2>3. Sample content</h2>
<p>Some content on the portal is published to demonstrate how it works, including descriptions of people, events, vacancies, grants, internships and courses marked as samples. Such content is fictitious. Do not make decisions based on it, and do not send applications or documents in response to it.</p>

<h2>4. Accuracy of information</h2>
<p>We prepare the content carefully and cite the sources of data, but the portal is for information only. The content is provided “as is”, without any warranty of completeness, accuracy or timeliness. It does not replace the official forecasts, warnings and decisions of hydrometeorological services and emergency authorities. If there is a threat of debris flows, floods, avalanches or lake outbursts, follow the instructions of the official services.</p>

<h2>5. Links to other resources</h2>
<p>The portal links to the websites of partners and other organisations. We do not control these websites and are not responsible for their content, availability or privacy practices.</p>

<h2>6. Feedback</h2>
<p>When you send a message through the feedback form, give a valid e-mail address and do not send abusive or unlawful material, advertising or spam. How we handle the data you send is described in the <a href="/en/content/privacy-policy">privacy policy</a>.</p>

<h2>7. Acceptable use</h2>
<p>Do not attempt to disrupt the portal, gain unauthorised access to its servers or overload it with automated requests. We may restrict access from addresses that send such requests.</p>

<h2>8. Limitation of liability</h2>
<p>To the extent permitted by law, the portal team is not liable for any direct or indirect damage arising from the use of the portal or the inability to use it, or from the use of the content published on it.</p>

<h2>9. Changes to these terms</h2>
<p>We may change these terms. The current version is always published on this page together with the date of its last change. By continuing to use the portal after a change, you accept the new version.</p>

<h2>10. Contact</h2>
<p>Send any questions about these terms or about using the content to ${mail}.</p>
`,
  },
};
