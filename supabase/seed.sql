-- Guestmap demo data: runs after the migrations on a fresh database (local stack, tests, `supabase db reset`).
-- Accounts (password demo-pass-123):
--   admin@demo.test       00000000-0000-4000-a000-000000000001  administrator
--   moderator@demo.test   00000000-0000-4000-a000-000000000002  moderator of saigon-riverside-hotel
--   guest@demo.test       00000000-0000-4000-a000-000000000003  home customer saigon-riverside-hotel, favourites
--   disabled@demo.test    00000000-0000-4000-a000-000000000004  disabled and banned
--   innkeeper@demo.test   00000000-0000-4000-a000-000000000005  moderator of hanoi-old-quarter-inn
--   traveller@demo.test   00000000-0000-4000-a000-000000000006  plain user, no memberships
--   partner@demo.test     00000000-0000-4000-a000-000000000007  staff of the partner miu-miu-spa (saigon-riverside-hotel)
-- Activity ids are deterministic: extensions.uuid_generate_v5(extensions.uuid_ns_url(), customer_id || '/' || slug).

select setseed(0.42);

-- ─── accounts ───────────────────────────────────────────────────────────────────
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
  phone_change, phone_change_token, reauthentication_token, is_anonymous
)
select
  '00000000-0000-0000-0000-000000000000'::uuid, u.id::uuid, 'authenticated', 'authenticated', u.email,
  extensions.crypt('demo-pass-123', extensions.gen_salt('bf')), now() - interval '120 days', null,
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('nickname', u.nickname, 'language', u.language),
  now() - interval '120 days', now() - interval '120 days',
  '', '', '', '', '', '', '', '', false
from (values
  ('00000000-0000-4000-a000-000000000001', 'admin@demo.test', 'Ada Admin', 'en-US'),
  ('00000000-0000-4000-a000-000000000002', 'moderator@demo.test', 'Minh Moderator', 'vi-VN'),
  ('00000000-0000-4000-a000-000000000003', 'guest@demo.test', 'Gabrielle Guest', 'fr-FR'),
  ('00000000-0000-4000-a000-000000000004', 'disabled@demo.test', 'Dan Disabled', 'en-US'),
  ('00000000-0000-4000-a000-000000000005', 'innkeeper@demo.test', 'Hoa Innkeeper', 'vi-VN'),
  ('00000000-0000-4000-a000-000000000006', 'traveller@demo.test', 'Tom Traveller', 'en-US'),
  ('00000000-0000-4000-a000-000000000007', 'partner@demo.test', 'Phuong Partner', 'vi-VN')
) as u(id, email, nickname, language);

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now() - interval '120 days', now() - interval '120 days', now() - interval '120 days'
from auth.users u
where u.email like '%@demo.test';

update public.profiles set is_admin = true where id = '00000000-0000-4000-a000-000000000001';
update public.profiles set is_disabled = true where id = '00000000-0000-4000-a000-000000000004';
update auth.users set banned_until = timestamptz '2999-12-31 00:00:00+00' where id = '00000000-0000-4000-a000-000000000004';

-- ─── customers ──────────────────────────────────────────────────────────────────
insert into public.customers (id, kind, name, tagline, latitude, longitude, zoom, primary_color, welcome, package, is_public, rewards_reinvestment_pct, created_by, created_at)
values
  ('ho-chi-minh-city', 'city', 'Ho Chi Minh City', 'Saigon''s best food, sights and nights', 10.7769, 106.7009, 14, '#5AB77B',
   '{"en": "Welcome to Saigon! Explore our favourite places.", "vi": "Chào mừng đến Sài Gòn! Khám phá những địa điểm yêu thích của chúng tôi.", "fr": "Bienvenue à Saïgon ! Découvrez nos adresses préférées."}',
   null, true, 10, '00000000-0000-4000-a000-000000000001', now() - interval '120 days'),
  ('hanoi', 'city', 'Hanoi', 'Lakes, old streets and egg coffee', 21.0285, 105.8520, 14, '#5AB77B',
   '{"en": "Welcome to Hanoi! Wander the Old Quarter with us.", "vi": "Chào mừng đến Hà Nội! Cùng dạo phố cổ nhé.", "fr": "Bienvenue à Hanoï ! Flânez avec nous dans le Vieux Quartier."}',
   null, true, 10, '00000000-0000-4000-a000-000000000001', now() - interval '120 days'),
  ('saigon-riverside-hotel', 'hotel', 'Saigon Riverside Hotel', 'Your riverside home in District 1', 10.7741, 106.7058, 15, '#0E7C86',
   '{"en": "Welcome to Saigon Riverside Hotel! Our team picked these places for you; show your room key at our partners for guest offers.", "vi": "Chào mừng quý khách đến Saigon Riverside Hotel! Đội ngũ của chúng tôi đã chọn những địa điểm này cho quý khách; hãy xuất trình thẻ phòng tại các đối tác để nhận ưu đãi.", "fr": "Bienvenue au Saigon Riverside Hotel ! Notre équipe a choisi ces adresses pour vous ; présentez votre clé de chambre chez nos partenaires pour profiter des offres."}',
   'premium', true, 15, '00000000-0000-4000-a000-000000000002', now() - interval '110 days'),
  ('hanoi-old-quarter-inn', 'hotel', 'Hanoi Old Quarter Inn', 'A quiet inn in the heart of the Old Quarter', 21.0340, 105.8510, 16, '#B5482D',
   '{"en": "Welcome to the Old Quarter Inn! Here are our neighbourhood favourites.", "vi": "Chào mừng đến Old Quarter Inn! Đây là những địa điểm yêu thích quanh khu phố.", "fr": "Bienvenue à l''Old Quarter Inn ! Voici nos adresses préférées du quartier."}',
   'basic', true, 10, '00000000-0000-4000-a000-000000000005', now() - interval '100 days');

insert into public.customer_moderators (customer_id, user_id, added_by, created_at) values
  ('ho-chi-minh-city', '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000001', now() - interval '120 days'),
  ('hanoi', '00000000-0000-4000-a000-000000000001', '00000000-0000-4000-a000-000000000001', now() - interval '120 days'),
  ('saigon-riverside-hotel', '00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000002', now() - interval '110 days'),
  ('hanoi-old-quarter-inn', '00000000-0000-4000-a000-000000000005', '00000000-0000-4000-a000-000000000005', now() - interval '100 days');

insert into public.user_customers (user_id, customer_id, created_at) values
  ('00000000-0000-4000-a000-000000000001', 'ho-chi-minh-city', now() - interval '120 days'),
  ('00000000-0000-4000-a000-000000000001', 'hanoi', now() - interval '119 days'),
  ('00000000-0000-4000-a000-000000000002', 'saigon-riverside-hotel', now() - interval '110 days'),
  ('00000000-0000-4000-a000-000000000003', 'ho-chi-minh-city', now() - interval '20 days'),
  ('00000000-0000-4000-a000-000000000003', 'saigon-riverside-hotel', now() - interval '3 days'),
  ('00000000-0000-4000-a000-000000000005', 'hanoi-old-quarter-inn', now() - interval '100 days'),
  ('00000000-0000-4000-a000-000000000006', 'hanoi', now() - interval '5 days');

update public.profiles set customer = 'saigon-riverside-hotel' where id in ('00000000-0000-4000-a000-000000000002', '00000000-0000-4000-a000-000000000003');
update public.profiles set customer = 'hanoi-old-quarter-inn' where id = '00000000-0000-4000-a000-000000000005';

-- ─── places ─────────────────────────────────────────────────────────────────────
-- Opening hours patterns used below (see README-data.md for the format).
-- Scratch tables (temporary, dropped at the end; no ON COMMIT DROP so the seed also works outside a transaction).
create temporary table seed_hours (code text primary key, hours jsonb);
insert into seed_hours values
  ('d24',    '{"mon":[["00:00","24:00"]],"tue":[["00:00","24:00"]],"wed":[["00:00","24:00"]],"thu":[["00:00","24:00"]],"fri":[["00:00","24:00"]],"sat":[["00:00","24:00"]],"sun":[["00:00","24:00"]]}'),
  ('d6_22',  '{"mon":[["06:00","22:00"]],"tue":[["06:00","22:00"]],"wed":[["06:00","22:00"]],"thu":[["06:00","22:00"]],"fri":[["06:00","22:00"]],"sat":[["06:00","22:00"]],"sun":[["06:00","22:00"]]}'),
  ('d7_22',  '{"mon":[["07:00","22:00"]],"tue":[["07:00","22:00"]],"wed":[["07:00","22:00"]],"thu":[["07:00","22:00"]],"fri":[["07:00","22:00"]],"sat":[["07:00","22:00"]],"sun":[["07:00","22:00"]]}'),
  ('d7_14',  '{"mon":[["07:00","14:00"]],"tue":[["07:00","14:00"]],"wed":[["07:00","14:00"]],"thu":[["07:00","14:00"]],"fri":[["07:00","14:00"]],"sat":[["07:00","14:00"]],"sun":[["07:00","14:00"]]}'),
  ('d8_17',  '{"mon":[["08:00","17:00"]],"tue":[["08:00","17:00"]],"wed":[["08:00","17:00"]],"thu":[["08:00","17:00"]],"fri":[["08:00","17:00"]],"sat":[["08:00","17:00"]],"sun":[["08:00","17:00"]]}'),
  ('m8_17',  '{"mon":[],"tue":[["08:00","17:00"]],"wed":[["08:00","17:00"]],"thu":[["08:00","17:00"]],"fri":[["08:00","17:00"]],"sat":[["08:00","17:00"]],"sun":[["08:00","17:00"]]}'),
  ('lunch',  '{"mon":[["08:00","11:30"],["13:00","17:00"]],"tue":[["08:00","11:30"],["13:00","17:00"]],"wed":[["08:00","11:30"],["13:00","17:00"]],"thu":[["08:00","11:30"],["13:00","17:00"]],"fri":[["08:00","11:30"],["13:00","17:00"]],"sat":[["08:00","11:30"],["13:00","17:00"]],"sun":[["08:00","11:30"],["13:00","17:00"]]}'),
  ('d9_21',  '{"mon":[["09:00","21:00"]],"tue":[["09:00","21:00"]],"wed":[["09:00","21:00"]],"thu":[["09:00","21:00"]],"fri":[["09:00","21:00"]],"sat":[["09:00","21:00"]],"sun":[["09:00","21:00"]]}'),
  ('d9_23',  '{"mon":[["09:00","23:00"]],"tue":[["09:00","23:00"]],"wed":[["09:00","23:00"]],"thu":[["09:00","23:00"]],"fri":[["09:00","23:00"]],"sat":[["09:00","23:00"]],"sun":[["09:00","23:00"]]}'),
  ('d10_22', '{"mon":[["10:00","22:00"]],"tue":[["10:00","22:00"]],"wed":[["10:00","22:00"]],"thu":[["10:00","22:00"]],"fri":[["10:00","22:00"]],"sat":[["10:00","22:00"]],"sun":[["10:00","22:00"]]}'),
  ('d11_23', '{"mon":[["11:00","23:00"]],"tue":[["11:00","23:00"]],"wed":[["11:00","23:00"]],"thu":[["11:00","23:00"]],"fri":[["11:00","23:00"]],"sat":[["11:00","23:00"]],"sun":[["11:00","23:00"]]}'),
  ('night',  '{"mon":[["17:00","02:00"]],"tue":[["17:00","02:00"]],"wed":[["17:00","02:00"]],"thu":[["17:00","02:00"]],"fri":[["17:00","02:00"]],"sat":[["17:00","02:00"]],"sun":[["17:00","02:00"]]}'),
  ('eve',    '{"mon":[["16:00","23:00"]],"tue":[["16:00","23:00"]],"wed":[["16:00","23:00"]],"thu":[["16:00","23:00"]],"fri":[["16:00","23:00"]],"sat":[["16:00","23:00"]],"sun":[["16:00","23:00"]]}'),
  ('wkend',  '{"fri":[["18:00","23:00"]],"sat":[["18:00","23:00"]],"sun":[["18:00","23:00"]]}'),
  ('mass',   '{"mon":[["08:00","11:00"],["15:00","16:00"]],"tue":[["08:00","11:00"],["15:00","16:00"]],"wed":[["08:00","11:00"],["15:00","16:00"]],"thu":[["08:00","11:00"],["15:00","16:00"]],"fri":[["08:00","11:00"],["15:00","16:00"]],"sat":[["08:00","11:00"],["15:00","16:00"]],"sun":[]}');

create temporary table seed_places (
  city text, slug text, category public.activity_category,
  t_en text, t_vi text, t_fr text, d_en text, d_vi text, d_fr text,
  address text, address_local text, lat double precision, lng double precision,
  price smallint, hours text, tags text[]
);

insert into seed_places values
('ho-chi-minh-city','notre-dame-cathedral','sight','Notre-Dame Cathedral Basilica','Nhà thờ Đức Bà Sài Gòn','Cathédrale Notre-Dame de Saïgon',
 'Red-brick cathedral built by the French in the 1880s, the icon of District 1.','Nhà thờ gạch đỏ do người Pháp xây dựng thập niên 1880, biểu tượng của Quận 1.','Cathédrale en briques rouges construite par les Français dans les années 1880, emblème du 1er arrondissement.',
 '1 Cong Xa Paris, Ben Nghe, District 1','01 Công xã Paris, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7798,106.6990,null,'mass','{architecture,history}'),
('ho-chi-minh-city','central-post-office','sight','Saigon Central Post Office','Bưu điện Trung tâm Sài Gòn','Poste centrale de Saïgon',
 'Grand colonial post office with a vaulted hall and painted maps; still sends postcards.','Bưu điện thời Pháp với mái vòm và bản đồ cổ; vẫn gửi bưu thiếp mỗi ngày.','Grande poste coloniale à la voûte majestueuse et aux cartes peintes ; on y envoie encore des cartes postales.',
 '2 Cong Xa Paris, Ben Nghe, District 1','02 Công xã Paris, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7799,106.6999,null,'d7_22','{architecture,history}'),
('ho-chi-minh-city','independence-palace','sight','Independence Palace','Dinh Độc Lập','Palais de l''Indépendance',
 'The 1960s presidential palace where the war ended in 1975, with bunkers and war rooms.','Dinh Thống Nhất thập niên 1960, nơi kết thúc chiến tranh năm 1975, có hầm và phòng tác chiến.','Palais présidentiel des années 1960 où la guerre prit fin en 1975, avec bunkers et salles de commandement.',
 '135 Nam Ky Khoi Nghia, Ben Thanh, District 1','135 Nam Kỳ Khởi Nghĩa, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7770,106.6953,2,'d8_17','{history,architecture}'),
('ho-chi-minh-city','ben-thanh-market','shopping','Ben Thanh Market','Chợ Bến Thành','Marché Ben Thanh',
 'The city''s landmark market: fabrics, souvenirs, coffee and a busy food court.','Chợ biểu tượng của thành phố: vải vóc, quà lưu niệm, cà phê và khu ẩm thực nhộn nhịp.','Le marché emblématique de la ville : tissus, souvenirs, café et une aire de restauration animée.',
 'Le Loi, Ben Thanh, District 1','Chợ Bến Thành, Lê Lợi, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7725,106.6980,2,'d6_22','{market,souvenirs}'),
('ho-chi-minh-city','war-remnants-museum','culture','War Remnants Museum','Bảo tàng Chứng tích Chiến tranh','Musée des vestiges de la guerre',
 'Powerful photo exhibitions and aircraft on the impact of the Vietnam War.','Triển lãm ảnh và hiện vật về hậu quả của chiến tranh Việt Nam.','Expositions photo saisissantes et avions sur les conséquences de la guerre du Vietnam.',
 '28 Vo Van Tan, Vo Thi Sau, District 3','28 Võ Văn Tần, Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh',10.7795,106.6921,1,'d8_17','{history,museum}'),
('ho-chi-minh-city','saigon-opera-house','culture','Saigon Opera House','Nhà hát Thành phố','Opéra de Saïgon',
 'Belle Époque theatre from 1900; catch the AO Show or a concert in the evening.','Nhà hát kiểu Belle Époque từ năm 1900; xem AO Show hoặc hòa nhạc buổi tối.','Théâtre Belle Époque de 1900 ; assistez au AO Show ou à un concert le soir.',
 '7 Cong Truong Lam Son, Ben Nghe, District 1','07 Công trường Lam Sơn, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7767,106.7031,3,'eve','{show,architecture}'),
('ho-chi-minh-city','city-hall','sight','City Hall (People''s Committee)','Trụ sở UBND Thành phố','Hôtel de ville',
 'Ornate French colonial town hall, best seen lit up at night from Nguyen Hue.','Tòa thị chính kiến trúc Pháp, đẹp nhất khi lên đèn nhìn từ phố Nguyễn Huệ.','Hôtel de ville colonial richement décoré, à admirer illuminé depuis la rue Nguyen Hue.',
 '86 Le Thanh Ton, Ben Nghe, District 1','86 Lê Thánh Tôn, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7764,106.7009,null,'d24','{architecture,photo}'),
('ho-chi-minh-city','nguyen-hue-walking-street','sight','Nguyen Hue Walking Street','Phố đi bộ Nguyễn Huệ','Rue piétonne Nguyen Hue',
 'Wide pedestrian boulevard with fountains, street performers and evening crowds.','Đại lộ đi bộ rộng với nhạc nước, nghệ sĩ đường phố và không khí về đêm.','Large boulevard piéton avec fontaines, artistes de rue et foule le soir.',
 'Nguyen Hue, Ben Nghe, District 1','Phố đi bộ Nguyễn Huệ, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7740,106.7038,null,'d24','{walk,night}'),
('ho-chi-minh-city','saigon-skydeck','sight','Saigon Skydeck (Bitexco Tower)','Đài quan sát Saigon Skydeck','Saigon Skydeck (tour Bitexco)',
 'Observation deck on the 49th floor of the lotus-shaped Bitexco Financial Tower.','Đài quan sát tầng 49 của tòa tháp Bitexco hình búp sen.','Observatoire au 49e étage de la tour Bitexco en forme de lotus.',
 '36 Ho Tung Mau, Ben Nghe, District 1','36 Hồ Tùng Mậu, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7716,106.7044,3,'d9_21','{view}'),
('ho-chi-minh-city','landmark-81-skyview','sight','Landmark 81 SkyView','Landmark 81 SkyView','Landmark 81 SkyView',
 'Vietnam''s tallest building with a sky deck on floors 79 to 81.','Tòa nhà cao nhất Việt Nam với đài quan sát tầng 79–81.','Le plus haut immeuble du Vietnam, avec un observatoire aux étages 79 à 81.',
 '720A Dien Bien Phu, Ward 22, Binh Thanh','720A Điện Biên Phủ, Phường 22, Bình Thạnh, TP. Hồ Chí Minh',10.7950,106.7218,4,'d9_23','{view}'),
('ho-chi-minh-city','jade-emperor-pagoda','culture','Jade Emperor Pagoda','Chùa Ngọc Hoàng (Phước Hải Tự)','Pagode de l''Empereur de Jade',
 'Incense-filled Taoist pagoda from 1909 with carved wooden deities and a turtle pond.','Ngôi chùa Đạo giáo từ năm 1909, khói hương nghi ngút, tượng gỗ chạm khắc và hồ rùa.','Pagode taoïste de 1909 emplie d''encens, aux divinités en bois sculpté et au bassin des tortues.',
 '73 Mai Thi Luu, Da Kao, District 1','73 Mai Thị Lựu, Đa Kao, Quận 1, TP. Hồ Chí Minh',10.7921,106.6983,null,'d7_22','{temple,history}'),
('ho-chi-minh-city','thien-hau-temple','culture','Thien Hau Temple','Chùa Bà Thiên Hậu','Temple Thien Hau',
 'Cantonese temple to the sea goddess in Cho Lon, famous for hanging incense coils.','Hội quán người Quảng Đông thờ Bà Thiên Hậu ở Chợ Lớn, nổi tiếng với những vòng nhang treo.','Temple cantonais dédié à la déesse de la mer à Cholon, célèbre pour ses spirales d''encens.',
 '710 Nguyen Trai, Ward 11, District 5','710 Nguyễn Trãi, Phường 11, Quận 5, TP. Hồ Chí Minh',10.7530,106.6613,null,'d6_22','{temple,cholon}'),
('ho-chi-minh-city','binh-tay-market','shopping','Binh Tay Market','Chợ Bình Tây','Marché Binh Tay',
 'Cho Lon''s wholesale market in a 1930s building with a courtyard clock tower.','Chợ đầu mối của Chợ Lớn trong tòa nhà thập niên 1930 với tháp đồng hồ giữa sân.','Marché de gros de Cholon dans un bâtiment des années 1930 avec sa tour de l''horloge.',
 '57A Thap Muoi, Ward 2, District 6','57A Tháp Mười, Phường 2, Quận 6, TP. Hồ Chí Minh',10.7497,106.6509,1,'d6_22','{market,cholon}'),
('ho-chi-minh-city','fine-arts-museum','culture','Fine Arts Museum','Bảo tàng Mỹ thuật TP.HCM','Musée des Beaux-Arts',
 'Lacquer, silk paintings and sculpture in a yellow 1920s mansion.','Tranh sơn mài, tranh lụa và điêu khắc trong dinh thự vàng thập niên 1920.','Laques, peintures sur soie et sculptures dans une demeure jaune des années 1920.',
 '97A Pho Duc Chinh, Nguyen Thai Binh, District 1','97A Phó Đức Chính, Nguyễn Thái Bình, Quận 1, TP. Hồ Chí Minh',10.7697,106.6992,1,'m8_17','{art,museum}'),
('ho-chi-minh-city','city-museum','culture','Ho Chi Minh City Museum','Bảo tàng Thành phố Hồ Chí Minh','Musée de Hô Chi Minh-Ville',
 'The city''s history in the neoclassical Gia Long Palace; popular for wedding photos.','Lịch sử thành phố trong Dinh Gia Long tân cổ điển; nơi chụp ảnh cưới nổi tiếng.','L''histoire de la ville dans le palais néoclassique Gia Long, prisé pour les photos de mariage.',
 '65 Ly Tu Trong, Ben Nghe, District 1','65 Lý Tự Trọng, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7762,106.7000,1,'d8_17','{history,museum}'),
('ho-chi-minh-city','history-museum','culture','Museum of Vietnamese History','Bảo tàng Lịch sử TP.HCM','Musée d''histoire du Vietnam',
 'From Dong Son drums to Cham sculpture, beside the zoo''s main gate.','Từ trống đồng Đông Sơn đến điêu khắc Chăm, cạnh cổng Thảo Cầm Viên.','Des tambours de Dông Son aux sculptures cham, à côté de l''entrée du zoo.',
 '2 Nguyen Binh Khiem, Ben Nghe, District 1','02 Nguyễn Bỉnh Khiêm, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7881,106.7048,1,'lunch','{history,museum}'),
('ho-chi-minh-city','saigon-zoo','family','Saigon Zoo and Botanical Gardens','Thảo Cầm Viên Sài Gòn','Zoo et jardin botanique de Saïgon',
 'One of the world''s oldest zoos (1864): shady gardens, elephants and giraffes.','Một trong những vườn thú lâu đời nhất thế giới (1864): vườn cây rợp bóng, voi và hươu cao cổ.','L''un des plus anciens zoos du monde (1864) : jardins ombragés, éléphants et girafes.',
 '2B Nguyen Binh Khiem, Ben Nghe, District 1','2B Nguyễn Bỉnh Khiêm, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7876,106.7059,1,'d7_22','{kids,animals,park}'),
('ho-chi-minh-city','tao-dan-park','nature','Tao Dan Park','Công viên Tao Đàn','Parc Tao Dan',
 'Old trees, morning tai chi and a Sunday songbird café in the city centre.','Cây cổ thụ, tập thể dục buổi sáng và cà phê chim hót sáng Chủ nhật giữa trung tâm.','Arbres centenaires, tai-chi matinal et café des oiseaux chanteurs le dimanche.',
 'Truong Dinh, Ben Thanh, District 1','Công viên Tao Đàn, Trương Định, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7745,106.6923,null,'d24','{park,morning}'),
('ho-chi-minh-city','september-23-park','nature','September 23 Park','Công viên 23 tháng 9','Parc du 23-Septembre',
 'Long green strip by the backpacker area, lively with games and exercise at dusk.','Dải công viên dài cạnh khu phố Tây, sôi động với trò chơi và tập thể dục lúc chiều tà.','Longue bande verte près du quartier routard, animée au crépuscule par jeux et sport.',
 'Pham Ngu Lao, District 1','Công viên 23/9, Phạm Ngũ Lão, Quận 1, TP. Hồ Chí Minh',10.7690,106.6930,null,'d24','{park}'),
('ho-chi-minh-city','book-street','shopping','Nguyen Van Binh Book Street','Đường sách Nguyễn Văn Bình','Rue des livres Nguyen Van Binh',
 'Shady lane of bookshops and cafés next to the Post Office.','Con đường rợp bóng cây với nhà sách và quán cà phê cạnh Bưu điện.','Allée ombragée de librairies et de cafés à côté de la Poste.',
 'Nguyen Van Binh, Ben Nghe, District 1','Đường sách Nguyễn Văn Bình, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7805,106.7000,1,'d8_17','{books,walk}'),
('ho-chi-minh-city','tan-dinh-church','sight','Tan Dinh Church','Nhà thờ Tân Định','Église de Tan Dinh',
 'The candy-pink church of 1876, one of the most photographed buildings in town.','Nhà thờ màu hồng xây năm 1876, một trong những công trình được chụp ảnh nhiều nhất.','L''église rose bonbon de 1876, l''un des bâtiments les plus photographiés de la ville.',
 '289 Hai Ba Trung, Ward 8, District 3','289 Hai Bà Trưng, Phường 8, Quận 3, TP. Hồ Chí Minh',10.7887,106.6906,null,'mass','{architecture,photo}'),
('ho-chi-minh-city','bui-vien-walking-street','nightlife','Bui Vien Walking Street','Phố đi bộ Bùi Viện','Rue piétonne Bui Vien',
 'Neon-lit backpacker street of bars and street food that runs late into the night.','Phố Tây rực đèn neon với quán bar và đồ ăn đường phố mở đến khuya.','Rue des routards aux néons, bars et cuisine de rue jusque tard dans la nuit.',
 'Bui Vien, Pham Ngu Lao, District 1','Phố đi bộ Bùi Viện, Phạm Ngũ Lão, Quận 1, TP. Hồ Chí Minh',10.7673,106.6934,2,'night','{bars,night}'),
('ho-chi-minh-city','saigon-saigon-rooftop-bar','nightlife','Saigon Saigon Rooftop Bar','Saigon Saigon Rooftop Bar','Saigon Saigon Rooftop Bar',
 'Classic rooftop bar of the Caravelle Hotel with live music and Opera House views.','Quán bar sân thượng kinh điển của khách sạn Caravelle, nhạc sống và view Nhà hát.','Bar-terrasse mythique de l''hôtel Caravelle, musique live et vue sur l''Opéra.',
 '19-23 Cong Truong Lam Son, Ben Nghe, District 1','19-23 Công trường Lam Sơn, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7760,106.7034,3,'night','{rooftop,cocktails,live-music}'),
('ho-chi-minh-city','chill-skybar','nightlife','Chill Skybar','Chill Skybar','Chill Skybar',
 'Glamorous open-air bar on the 26th floor of AB Tower with DJs at weekends.','Quán bar ngoài trời sang trọng tầng 26 AB Tower, có DJ cuối tuần.','Bar en plein air chic au 26e étage de l''AB Tower, DJ le week-end.',
 '76A Le Lai, Ben Thanh, District 1','76A Lê Lai, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7710,106.6940,4,'night','{rooftop,cocktails}'),
('ho-chi-minh-city','social-club-rooftop','nightlife','Social Club Rooftop Bar','Social Club Rooftop Bar','Social Club Rooftop Bar',
 'Infinity pool and cocktails on top of Hotel des Arts Saigon.','Hồ bơi vô cực và cocktail trên đỉnh Hotel des Arts Saigon.','Piscine à débordement et cocktails au sommet de l''Hôtel des Arts Saïgon.',
 '76-78 Nguyen Thi Minh Khai, Vo Thi Sau, District 3','76-78 Nguyễn Thị Minh Khai, Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh',10.7822,106.6975,4,'night','{rooftop,cocktails}'),
('ho-chi-minh-city','pasteur-street-brewing','nightlife','Pasteur Street Brewing Company','Pasteur Street Brewing Company','Pasteur Street Brewing Company',
 'Craft beer taproom brewing with Vietnamese ingredients like jasmine and passion fruit.','Quán bia thủ công nấu với nguyên liệu Việt như hoa nhài và chanh dây.','Brasserie artisanale aux ingrédients vietnamiens comme le jasmin et le fruit de la passion.',
 '144/3 Pasteur, Ben Nghe, District 1','144/3 Pasteur, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7751,106.7003,3,'d11_23','{craft-beer}'),
('ho-chi-minh-city','broma-not-a-bar','nightlife','Broma: Not a Bar','Broma: Not a Bar','Broma: Not a Bar',
 'Small rooftop bar above Nguyen Hue with DJs and a young crowd.','Quán bar sân thượng nhỏ trên phố Nguyễn Huệ với DJ và khách trẻ.','Petit bar sur le toit au-dessus de Nguyen Hue, DJ et public jeune.',
 '41 Nguyen Hue, Ben Nghe, District 1','41 Nguyễn Huệ, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7738,106.7040,2,'night','{rooftop,dj}'),
('ho-chi-minh-city','apocalypse-now','nightlife','Apocalypse Now','Apocalypse Now','Apocalypse Now',
 'Saigon''s legendary late-night dance bar since 1991.','Quán bar nhảy về đêm huyền thoại của Sài Gòn từ năm 1991.','Le bar dansant légendaire des nuits saïgonnaises depuis 1991.',
 '2C Thi Sach, Ben Nghe, District 1','2C Thi Sách, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7795,106.7057,2,'night','{dance,late}'),
('ho-chi-minh-city','pho-hoa-pasteur','food','Pho Hoa Pasteur','Phở Hòa Pasteur','Pho Hoa Pasteur',
 'A Saigon institution for southern-style beef pho since the 1960s.','Quán phở bò kiểu Nam nổi tiếng của Sài Gòn từ thập niên 1960.','Une institution saïgonnaise du pho au bœuf à la mode du Sud depuis les années 1960.',
 '260C Pasteur, Vo Thi Sau, District 3','260C Pasteur, Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh',10.7875,106.6896,2,'d6_22','{pho,breakfast}'),
('ho-chi-minh-city','banh-mi-huynh-hoa','food','Banh Mi Huynh Hoa','Bánh mì Huỳnh Hoa','Banh mi Huynh Hoa',
 'The city''s most famous banh mi, overstuffed with pâté and cold cuts.','Tiệm bánh mì nổi tiếng nhất thành phố, đầy ắp pa tê và thịt nguội.','Le banh mi le plus célèbre de la ville, généreusement garni de pâté et de charcuterie.',
 '26 Le Thi Rieng, Ben Thanh, District 1','26 Lê Thị Riêng, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7716,106.6922,1,'d7_22','{banh-mi,takeaway}'),
('ho-chi-minh-city','com-tam-ba-ghien','food','Com Tam Ba Ghien','Cơm tấm Ba Ghiền','Com tam Ba Ghien',
 'Broken rice with a huge grilled pork chop, a Michelin Bib Gourmand favourite.','Cơm tấm sườn nướng khổng lồ, được Michelin Bib Gourmand vinh danh.','Riz brisé et immense côte de porc grillée, distingué Bib Gourmand par le Michelin.',
 '84 Dang Van Ngu, Ward 10, Phu Nhuan','84 Đặng Văn Ngữ, Phường 10, Phú Nhuận, TP. Hồ Chí Minh',10.7950,106.6710,1,'d7_22','{com-tam,local}'),
('ho-chi-minh-city','quan-an-ngon','food','Quan An Ngon','Quán Ăn Ngon','Quan An Ngon',
 'Street-food classics from all over Vietnam served in a leafy colonial villa.','Món ngon đường phố khắp Việt Nam trong biệt thự Pháp rợp cây xanh.','Les classiques de la cuisine de rue de tout le Vietnam dans une villa coloniale verdoyante.',
 '160 Pasteur, Ben Nghe, District 1','160 Pasteur, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7785,106.6988,2,'d7_22','{vietnamese,groups}'),
('ho-chi-minh-city','secret-garden','food','Secret Garden Restaurant','Nhà hàng Secret Garden','Restaurant Secret Garden',
 'Home-style Vietnamese dishes on a lantern-lit rooftop hidden up an old staircase.','Món Việt kiểu nhà làm trên sân thượng treo đèn lồng, lên bằng cầu thang cũ.','Cuisine familiale vietnamienne sur un toit éclairé de lanternes, au bout d''un vieil escalier.',
 '158 Pasteur (rooftop), Ben Nghe, District 1','158 Pasteur (sân thượng), Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7784,106.6989,2,'d10_22','{vietnamese,rooftop}'),
('ho-chi-minh-city','hum-vegetarian','food','Hum Vegetarian','Nhà hàng chay Hum','Hum Vegetarian',
 'Calm, elegant vegetarian restaurant with creative Vietnamese dishes.','Nhà hàng chay thanh lịch, yên tĩnh với món Việt sáng tạo.','Restaurant végétarien calme et élégant aux plats vietnamiens créatifs.',
 '32 Vo Van Tan, Vo Thi Sau, District 3','32 Võ Văn Tần, Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh',10.7788,106.6912,3,'d10_22','{vegetarian}'),
('ho-chi-minh-city','banh-xeo-46a','food','Banh Xeo 46A','Bánh xèo 46A Đinh Công Tráng','Banh xeo 46A',
 'Giant crispy turmeric pancakes with shrimp and pork, wrapped in fresh herbs.','Bánh xèo giòn khổng lồ nhân tôm thịt, cuốn rau sống.','Crêpes croustillantes géantes au curcuma, crevettes et porc, roulées dans des herbes fraîches.',
 '46A Dinh Cong Trang, Tan Dinh, District 1','46A Đinh Công Tráng, Tân Định, Quận 1, TP. Hồ Chí Minh',10.7906,106.6916,1,'d10_22','{banh-xeo,local}'),
('ho-chi-minh-city','oc-dao','food','Oc Dao','Ốc Đào','Oc Dao',
 'Buzzing snail and shellfish joint: try the coconut-milk snails.','Quán ốc nhộn nhịp: nhớ thử ốc len xào dừa.','Gargote animée d''escargots et coquillages : goûtez ceux au lait de coco.',
 '212B/C79 Nguyen Trai, Nguyen Cu Trinh, District 1','212B/C79 Nguyễn Trãi, Nguyễn Cư Trinh, Quận 1, TP. Hồ Chí Minh',10.7678,106.6890,2,'d10_22','{seafood,local}'),
('ho-chi-minh-city','ben-thanh-street-food-market','food','Ben Thanh Street Food Market','Chợ ẩm thực đường phố Bến Thành','Marché de street-food Ben Thanh',
 'Indoor hawker hall with dozens of stalls, open late; good for groups.','Khu ẩm thực trong nhà với hàng chục quầy, mở khuya; hợp đi nhóm.','Halle couverte aux dizaines d''échoppes, ouverte tard ; idéale en groupe.',
 '26-28 Thu Khoa Huan, Ben Thanh, District 1','26-28 Thủ Khoa Huân, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7730,106.6985,2,'night','{street-food,groups}'),
('ho-chi-minh-city','pho-le','food','Pho Le','Phở Lệ','Pho Le',
 'Rich, slightly sweet Saigon-style pho in Cho Lon, busy from dawn.','Phở kiểu Sài Gòn đậm đà, hơi ngọt ở Chợ Lớn, đông khách từ sáng sớm.','Pho saïgonnais riche et légèrement sucré à Cholon, bondé dès l''aube.',
 '413-415 Nguyen Trai, Ward 7, District 5','413-415 Nguyễn Trãi, Phường 7, Quận 5, TP. Hồ Chí Minh',10.7558,106.6776,2,'d6_22','{pho}'),
('ho-chi-minh-city','anan-saigon','food','Anan Saigon','Anan Saigon','Anan Saigon',
 'Modern Vietnamese cooking above an old market street; famous for its luxury banh mi.','Ẩm thực Việt hiện đại trên con phố chợ cũ; nổi tiếng với bánh mì cao cấp.','Cuisine vietnamienne moderne au-dessus d''une vieille rue marchande ; célèbre pour son banh mi de luxe.',
 '89 Ton That Dam, Ben Nghe, District 1','89 Tôn Thất Đạm, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7720,106.7035,4,'eve','{fine-dining}'),
('ho-chi-minh-city','the-workshop-coffee','cafe','The Workshop Coffee','The Workshop Coffee','The Workshop Coffee',
 'Specialty coffee roastery in a high-ceilinged loft with single-origin pour-overs.','Xưởng rang cà phê đặc sản trên gác cao, pha thủ công hạt đơn nguồn.','Torréfacteur de café de spécialité dans un loft haut de plafond, cafés filtres d''origine.',
 '27 Ngo Duc Ke (2nd floor), Ben Nghe, District 1','27 Ngô Đức Kế (lầu 2), Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7739,106.7054,2,'d7_22','{specialty-coffee,wifi}'),
('ho-chi-minh-city','cafe-apartments','cafe','The Café Apartments','Chung cư cà phê 42 Nguyễn Huệ','La résidence des cafés',
 'A 1960s apartment block turned into a vertical village of tiny cafés and shops.','Chung cư thập niên 1960 thành “làng” quán cà phê và cửa hàng nhỏ.','Un immeuble des années 1960 devenu un village vertical de petits cafés et boutiques.',
 '42 Nguyen Hue, Ben Nghe, District 1','42 Nguyễn Huệ, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7737,106.7043,2,'d8_17','{photo,coffee}'),
('ho-chi-minh-city','lusine-dong-khoi','cafe','L''Usine Dong Khoi','L''Usine Đồng Khởi','L''Usine Dong Khoi',
 'Café, bakery and design store hidden in a colonial building off Dong Khoi.','Quán cà phê, tiệm bánh và cửa hàng thiết kế trong tòa nhà cổ gần Đồng Khởi.','Café, boulangerie et boutique de design cachés dans un immeuble colonial près de Dong Khoi.',
 '151/1 Dong Khoi, Ben Nghe, District 1','151/1 Đồng Khởi, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7768,106.7029,3,'d7_22','{brunch,design}'),
('ho-chi-minh-city','okkio-caffe','cafe','Okkio Caffe','Okkio Caffe','Okkio Caffe',
 'Bright café roasting its own beans, tucked inside a passage off Le Loi.','Quán cà phê sáng sủa tự rang hạt, nằm trong hẻm nhỏ đường Lê Lợi.','Café lumineux torréfiant ses propres grains, niché dans un passage de Le Loi.',
 '120-122 Le Loi, Ben Thanh, District 1','120-122 Lê Lợi, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7730,106.6995,2,'d7_22','{specialty-coffee}'),
('ho-chi-minh-city','shin-coffee','cafe','Shin Coffee','Shin Coffee','Shin Coffee',
 'Third-wave café serving Vietnamese-grown arabica and cold brew.','Cà phê làn sóng thứ ba với arabica trồng ở Việt Nam và cold brew.','Café de la troisième vague : arabica cultivé au Vietnam et cold brew.',
 '18 Ho Huan Nghiep, Ben Nghe, District 1','18 Hồ Huấn Nghiệp, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7747,106.7055,2,'d7_22','{specialty-coffee}'),
('ho-chi-minh-city','runam-bistro','cafe','Café RuNam Bistro','Café RuNam Bistro','Café RuNam Bistro',
 'Elegant café for phin-filtered coffee and Vietnamese desserts on Dong Khoi.','Quán cà phê sang trọng với cà phê phin và chè Việt trên đường Đồng Khởi.','Café élégant pour un café au phin et des desserts vietnamiens sur Dong Khoi.',
 '38 Dong Khoi, Ben Nghe, District 1','38 Đồng Khởi, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7757,106.7048,3,'d7_22','{coffee,dessert}'),
('ho-chi-minh-city','saigon-centre-takashimaya','shopping','Saigon Centre (Takashimaya)','Saigon Centre (Takashimaya)','Saigon Centre (Takashimaya)',
 'Upscale mall with the Takashimaya department store and a basement food hall.','Trung tâm thương mại cao cấp với Takashimaya và khu ẩm thực tầng hầm.','Centre commercial haut de gamme avec le grand magasin Takashimaya et un food-court au sous-sol.',
 '65 Le Loi, Ben Nghe, District 1','65 Lê Lợi, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7734,106.7011,3,'d9_21','{mall,air-conditioned}'),
('ho-chi-minh-city','vincom-center-dong-khoi','shopping','Vincom Center Dong Khoi','Vincom Center Đồng Khởi','Vincom Center Dong Khoi',
 'Central shopping mall with international brands, cinema and restaurants.','Trung tâm mua sắm với thương hiệu quốc tế, rạp phim và nhà hàng.','Centre commercial central : marques internationales, cinéma et restaurants.',
 '72 Le Thanh Ton, Ben Nghe, District 1','72 Lê Thánh Tôn, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7780,106.7020,3,'d10_22','{mall}'),
('ho-chi-minh-city','saigon-square','shopping','Saigon Square','Saigon Square','Saigon Square',
 'Bargain market for clothes, bags and electronics; haggling expected.','Chợ giá rẻ bán quần áo, túi xách, đồ điện tử; nên mặc cả.','Marché bon marché de vêtements, sacs et électronique ; on marchande.',
 '77-89 Nam Ky Khoi Nghia, Ben Thanh, District 1','77-89 Nam Kỳ Khởi Nghĩa, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7730,106.7000,1,'d9_21','{bargains}'),
('ho-chi-minh-city','dan-sinh-market','shopping','Dan Sinh Market','Chợ Dân Sinh','Marché Dan Sinh',
 'The "war surplus market": army gear, tools and curiosities.','“Chợ đồ lính”: quân trang, dụng cụ và đồ cổ lạ.','Le « marché des surplus » : matériel militaire, outils et curiosités.',
 '104 Yersin, Nguyen Thai Binh, District 1','104 Yersin, Nguyễn Thái Bình, Quận 1, TP. Hồ Chí Minh',10.7672,106.6966,1,'d7_14','{market,curiosities}'),
('ho-chi-minh-city','tan-dinh-market','shopping','Tan Dinh Market','Chợ Tân Định','Marché de Tan Dinh',
 'Neighbourhood market known for fabrics and tailoring, next to the pink church.','Chợ khu phố nổi tiếng vải vóc và may đo, cạnh nhà thờ màu hồng.','Marché de quartier réputé pour ses tissus et ses tailleurs, près de l''église rose.',
 'Hai Ba Trung, Tan Dinh, District 1','Chợ Tân Định, Hai Bà Trưng, Tân Định, Quận 1, TP. Hồ Chí Minh',10.7893,106.6898,1,'d6_22','{market,tailor}'),
('ho-chi-minh-city','ho-thi-ky-flower-market','shopping','Ho Thi Ky Flower Market','Chợ hoa Hồ Thị Kỷ','Marché aux fleurs Ho Thi Ky',
 'Alley of wholesale flower stalls that turns into a street-food lane at night.','Hẻm chợ hoa sỉ, buổi tối thành con hẻm ẩm thực đường phố.','Ruelle de fleuristes grossistes qui devient le soir une allée de cuisine de rue.',
 'Ho Thi Ky, Ward 1, District 10','Chợ hoa Hồ Thị Kỷ, Phường 1, Quận 10, TP. Hồ Chí Minh',10.7658,106.6787,1,'d24','{flowers,street-food}'),
('ho-chi-minh-city','miu-miu-spa','wellness','Miu Miu Spa','Miu Miu Spa','Miu Miu Spa',
 'Friendly, well-priced spa for foot massage and hot-stone treatments.','Spa thân thiện, giá hợp lý: massage chân và đá nóng.','Spa sympathique et abordable : massage des pieds et pierres chaudes.',
 '2B Chu Manh Trinh, Ben Nghe, District 1','2B Chu Mạnh Trinh, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7812,106.7035,2,'d9_23','{massage}'),
('ho-chi-minh-city','golden-lotus-spa','wellness','Golden Lotus Spa','Golden Lotus Spa & Massage','Golden Lotus Spa',
 'Traditional Vietnamese massage and herbal baths near Ben Thanh.','Massage truyền thống Việt Nam và tắm thảo dược gần Bến Thành.','Massage vietnamien traditionnel et bains aux herbes près de Ben Thanh.',
 '15 Thu Khoa Huan, Ben Thanh, District 1','15 Thủ Khoa Huân, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7737,106.6988,2,'d9_23','{massage,herbal}'),
('ho-chi-minh-city','temple-leaf-spa','wellness','Temple Leaf Spa','Temple Leaf Spa','Temple Leaf Spa',
 'Calm day spa with aromatherapy and couple rooms close to the river.','Spa yên tĩnh với liệu pháp hương thơm và phòng đôi gần sông.','Spa paisible : aromathérapie et cabines duo près de la rivière.',
 '74 Hai Ba Trung, Ben Nghe, District 1','74 Hai Bà Trưng, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7775,106.7043,3,'d9_23','{massage,couples}'),
('ho-chi-minh-city','saigon-waterbus','transport','Saigon Waterbus (Bach Dang Station)','Buýt đường sông (ga Bạch Đằng)','Bateau-bus de Saïgon (station Bach Dang)',
 'River bus to Thu Duc: cheap, breezy and a great view of the skyline.','Tuyến buýt đường sông đi Thủ Đức: rẻ, mát và ngắm thành phố tuyệt đẹp.','Bateau-bus vers Thu Duc : bon marché, rafraîchissant, superbe vue sur la ville.',
 '10B Ton Duc Thang, Ben Nghe, District 1','10B Tôn Đức Thắng, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7746,106.7068,1,'d6_22','{river,boat}'),
('ho-chi-minh-city','cu-chi-tunnels','tour','Cu Chi Tunnels (Ben Dinh)','Địa đạo Củ Chi (Bến Đình)','Tunnels de Cu Chi (Ben Dinh)',
 'Half-day trip to the wartime tunnel network; crawl a section yourself.','Chuyến đi nửa ngày đến hệ thống địa đạo thời chiến; tự mình bò qua một đoạn.','Excursion d''une demi-journée dans le réseau de tunnels ; rampez vous-même dans une section.',
 'Phu Hiep, Nhuan Duc, Cu Chi','Địa đạo Bến Đình, Nhuận Đức, Củ Chi, TP. Hồ Chí Minh',11.1420,106.4630,2,'d7_14','{history,day-trip}'),
('ho-chi-minh-city','nha-rong-wharf','culture','Nha Rong Wharf (Ho Chi Minh Museum)','Bến Nhà Rồng (Bảo tàng Hồ Chí Minh)','Quai Nha Rong (musée Hô Chi Minh)',
 'The 1860s customs house from which Ho Chi Minh left Vietnam in 1911.','Tòa nhà thương cảng thập niên 1860, nơi Bác Hồ ra đi tìm đường cứu nước năm 1911.','L''ancienne douane des années 1860 d''où Hô Chi Minh quitta le Vietnam en 1911.',
 '1 Nguyen Tat Thanh, Ward 12, District 4','01 Nguyễn Tất Thành, Phường 12, Quận 4, TP. Hồ Chí Minh',10.7682,106.7068,1,'lunch','{history,river}'),
('ho-chi-minh-city','vespa-adventures','tour','Vespa Adventures','Vespa Adventures','Vespa Adventures',
 'Evening food and nightlife tours on the back of a vintage Vespa.','Tour ẩm thực và về đêm trên xe Vespa cổ.','Circuits gourmands et nocturnes à l''arrière d''une Vespa vintage.',
 '169A De Tham, Co Giang, District 1','169A Đề Thám, Cô Giang, Quận 1, TP. Hồ Chí Minh',10.7658,106.6930,4,'d8_17','{food-tour,night}'),
('ho-chi-minh-city','mekong-delta-day-trip','tour','Mekong Delta Day Trip (The Sinh Tourist)','Tour miền Tây một ngày (The Sinh Tourist)','Excursion d''une journée dans le delta du Mékong',
 'Boats, coconut candy and orchards in My Tho and Ben Tre, departing from District 1.','Đi thuyền, kẹo dừa và vườn trái cây ở Mỹ Tho, Bến Tre, khởi hành từ Quận 1.','Bateaux, bonbons à la noix de coco et vergers à My Tho et Ben Tre, départ du 1er arrondissement.',
 '246-248 De Tham, Pham Ngu Lao, District 1','246-248 Đề Thám, Phạm Ngũ Lão, Quận 1, TP. Hồ Chí Minh',10.7668,106.6925,2,'d6_22','{day-trip,river}'),
('ho-chi-minh-city','tan-son-nhat-airport','transport','Tan Son Nhat International Airport','Sân bay Quốc tế Tân Sơn Nhất','Aéroport international de Tan Son Nhat',
 'The city''s airport, 30 to 60 minutes from District 1 depending on traffic; bus 109 runs to Ben Thanh.','Sân bay của thành phố, cách Quận 1 từ 30–60 phút; xe buýt 109 đi Bến Thành.','L''aéroport de la ville, à 30–60 minutes du centre selon le trafic ; bus 109 vers Ben Thanh.',
 'Truong Son, Ward 2, Tan Binh','Trường Sơn, Phường 2, Tân Bình, TP. Hồ Chí Minh',10.8185,106.6588,null,'d24','{airport}'),
('ho-chi-minh-city','ben-thanh-metro-station','transport','Ben Thanh Metro Station','Ga metro Bến Thành','Station de métro Ben Thanh',
 'Terminus of Metro Line 1 towards Thu Duc and Suoi Tien.','Ga đầu tuyến Metro số 1 đi Thủ Đức và Suối Tiên.','Terminus de la ligne 1 du métro vers Thu Duc et Suoi Tien.',
 'Ben Thanh Roundabout, District 1','Ga Bến Thành, Công trường Quách Thị Trang, Quận 1, TP. Hồ Chí Minh',10.7712,106.6985,1,'d6_22','{metro}'),
('ho-chi-minh-city','saigon-railway-station','transport','Saigon Railway Station','Ga Sài Gòn','Gare de Saïgon',
 'Reunification Express trains north to Nha Trang, Da Nang and Hanoi.','Tàu Thống Nhất đi Nha Trang, Đà Nẵng và Hà Nội.','Trains de la Réunification vers Nha Trang, Da Nang et Hanoï.',
 '1 Nguyen Thong, Ward 9, District 3','01 Nguyễn Thông, Phường 9, Quận 3, TP. Hồ Chí Minh',10.7822,106.6772,null,'d6_22','{train}'),
('ho-chi-minh-city','dam-sen-park','family','Dam Sen Park','Công viên Văn hóa Đầm Sen','Parc Dam Sen',
 'Amusement park with rides, gardens and a water park next door.','Công viên giải trí với trò chơi, vườn hoa và công viên nước bên cạnh.','Parc d''attractions avec manèges, jardins et parc aquatique voisin.',
 '3 Hoa Binh, Ward 3, District 11','03 Hòa Bình, Phường 3, Quận 11, TP. Hồ Chí Minh',10.7685,106.6370,2,'d8_17','{kids,rides}'),
('ho-chi-minh-city','suoi-tien-theme-park','family','Suoi Tien Theme Park','Khu du lịch Suối Tiên','Parc à thème Suoi Tien',
 'Colourful Buddhist-legend theme park with a huge saltwater pool; end of Metro Line 1.','Công viên chủ đề truyền thuyết Phật giáo với hồ nước mặn lớn; cuối tuyến Metro số 1.','Parc à thème coloré inspiré des légendes bouddhistes, grande piscine d''eau salée ; terminus du métro 1.',
 '120 Hanoi Highway, Tan Phu, Thu Duc','120 Xa lộ Hà Nội, Tân Phú, TP. Thủ Đức, TP. Hồ Chí Minh',10.8660,106.8030,2,'d8_17','{kids,rides}'),
('ho-chi-minh-city','fito-museum','culture','FITO Museum of Traditional Medicine','Bảo tàng Y học cổ truyền FITO','Musée FITO de la médecine traditionnelle',
 'Beautiful wooden house showing centuries of Vietnamese herbal medicine.','Ngôi nhà gỗ đẹp trưng bày nhiều thế kỷ y học cổ truyền Việt Nam.','Belle maison en bois présentant des siècles de médecine vietnamienne par les plantes.',
 '41 Hoang Du Khuong, Ward 12, District 10','41 Hoàng Dư Khương, Phường 12, Quận 10, TP. Hồ Chí Minh',10.7722,106.6729,1,'d8_17','{museum}'),
('ho-chi-minh-city','can-gio-mangrove-forest','nature','Can Gio Mangrove Forest','Rừng ngập mặn Cần Giờ','Mangrove de Can Gio',
 'UNESCO biosphere reserve of mangroves and monkeys, a day trip by car and ferry.','Khu dự trữ sinh quyển UNESCO với rừng đước và đàn khỉ, đi về trong ngày.','Réserve de biosphère UNESCO, mangroves et singes, en excursion d''une journée.',
 'Vam Sat, Ly Nhon, Can Gio','Khu du lịch Vàm Sát, Lý Nhơn, Cần Giờ, TP. Hồ Chí Minh',10.4110,106.8930,2,'d7_14','{day-trip,wildlife}'),
('ho-chi-minh-city','bach-dang-wharf-park','nature','Bach Dang Wharf Park','Công viên Bến Bạch Đằng','Parc du quai Bach Dang',
 'Riverside promenade for sunset views across to Thu Thiem.','Công viên ven sông ngắm hoàng hôn nhìn sang Thủ Thiêm.','Promenade au bord de la rivière pour le coucher de soleil face à Thu Thiem.',
 'Ton Duc Thang, Ben Nghe, District 1','Công viên Bến Bạch Đằng, Tôn Đức Thắng, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7745,106.7065,null,'d24','{river,sunset}'),
('ho-chi-minh-city','le-van-tam-park','nature','Le Van Tam Park','Công viên Lê Văn Tám','Parc Le Van Tam',
 'Shady park popular with joggers, badminton players and families.','Công viên rợp bóng cây, được người chạy bộ, đánh cầu lông và gia đình yêu thích.','Parc ombragé prisé des joggeurs, joueurs de badminton et familles.',
 'Hai Ba Trung, Da Kao, District 1','Công viên Lê Văn Tám, Hai Bà Trưng, Đa Kao, Quận 1, TP. Hồ Chí Minh',10.7880,106.6940,null,'d24','{park}'),
('ho-chi-minh-city','gia-dinh-park','nature','Gia Dinh Park','Công viên Gia Định','Parc Gia Dinh',
 'Large green park with lakes near the airport, ideal before a flight.','Công viên rộng với hồ nước gần sân bay, lý tưởng trước chuyến bay.','Grand parc verdoyant avec lacs près de l''aéroport, idéal avant un vol.',
 'Hoang Minh Giam, Ward 3, Go Vap','Công viên Gia Định, Hoàng Minh Giám, Phường 3, Gò Vấp, TP. Hồ Chí Minh',10.8125,106.6775,null,'d24','{park}'),
('ho-chi-minh-city','fv-hospital','service','FV Hospital','Bệnh viện FV','Hôpital FV',
 'International hospital with English- and French-speaking doctors and 24-hour emergency care.','Bệnh viện quốc tế có bác sĩ nói tiếng Anh, tiếng Pháp và cấp cứu 24 giờ.','Hôpital international, médecins anglophones et francophones, urgences 24 h/24.',
 '6 Nguyen Luong Bang, Tan Phu, District 7','06 Nguyễn Lương Bằng, Tân Phú, Quận 7, TP. Hồ Chí Minh',10.7331,106.7184,null,'d24','{hospital,emergency}'),
('ho-chi-minh-city','ha-tam-currency-exchange','service','Ha Tam Currency Exchange','Tiệm vàng Hà Tâm (đổi ngoại tệ)','Bureau de change Ha Tam',
 'Gold shop known for fair exchange rates, near Ben Thanh Market.','Tiệm vàng nổi tiếng tỷ giá tốt, gần chợ Bến Thành.','Bijouterie réputée pour ses taux de change honnêtes, près du marché Ben Thanh.',
 '2 Nguyen An Ninh, Ben Thanh, District 1','02 Nguyễn An Ninh, Bến Thành, Quận 1, TP. Hồ Chí Minh',10.7717,106.6980,null,'d8_17','{money}'),
('ho-chi-minh-city','tourist-information-center','service','Tourist Information Center','Trung tâm Thông tin Du lịch','Office de tourisme',
 'Free maps, tour advice and event listings on Nguyen Hue.','Bản đồ miễn phí, tư vấn tour và lịch sự kiện trên phố Nguyễn Huệ.','Cartes gratuites, conseils d''excursions et agenda des événements sur Nguyen Hue.',
 '92-96 Nguyen Hue, Ben Nghe, District 1','92-96 Nguyễn Huệ, Bến Nghé, Quận 1, TP. Hồ Chí Minh',10.7745,106.7030,null,'d8_17','{information}'),
('ho-chi-minh-city','xa-loi-pagoda','culture','Xa Loi Pagoda','Chùa Xá Lợi','Pagode Xa Loi',
 'Peaceful 1950s Buddhist pagoda with a seven-storey bell tower.','Ngôi chùa Phật giáo thập niên 1950 yên bình với tháp chuông bảy tầng.','Paisible pagode bouddhiste des années 1950 au clocher de sept étages.',
 '89 Ba Huyen Thanh Quan, Vo Thi Sau, District 3','89 Bà Huyện Thanh Quan, Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh',10.7786,106.6893,null,'d7_22','{temple}'),
('ho-chi-minh-city','giac-lam-pagoda','culture','Giac Lam Pagoda','Chùa Giác Lâm','Pagode Giac Lam',
 'The city''s oldest pagoda (1744), with dozens of carved jackfruit-wood statues.','Ngôi chùa cổ nhất thành phố (1744) với hàng chục tượng gỗ mít chạm khắc.','La plus ancienne pagode de la ville (1744), aux dizaines de statues en bois de jacquier.',
 '565 Lac Long Quan, Ward 10, Tan Binh','565 Lạc Long Quân, Phường 10, Tân Bình, TP. Hồ Chí Minh',10.7800,106.6513,null,'d6_22','{temple,history}');

insert into seed_places values
('hanoi','hoan-kiem-lake','nature','Hoan Kiem Lake','Hồ Hoàn Kiếm','Lac Hoan Kiem',
 'The heart of Hanoi: a walk around the Lake of the Returned Sword, car-free at weekends.','Trái tim Hà Nội: dạo quanh hồ Gươm, phố đi bộ vào cuối tuần.','Le cœur de Hanoï : une promenade autour du lac de l''Épée restituée, piéton le week-end.',
 'Hoan Kiem Lake, Hoan Kiem District','Hồ Hoàn Kiếm, quận Hoàn Kiếm, Hà Nội',21.0288,105.8525,null,'d24','{lake,walk}'),
('hanoi','ngoc-son-temple','culture','Ngoc Son Temple','Đền Ngọc Sơn','Temple Ngoc Son',
 'Temple on a lake islet, reached by the red Huc Bridge.','Ngôi đền trên đảo nhỏ giữa hồ, đi qua cầu Thê Húc màu đỏ.','Temple sur un îlot du lac, accessible par le pont rouge The Huc.',
 'Dinh Tien Hoang, Hang Trong, Hoan Kiem','Đinh Tiên Hoàng, Hàng Trống, Hoàn Kiếm, Hà Nội',21.0307,105.8524,1,'d8_17','{temple,lake}'),
('hanoi','temple-of-literature','culture','Temple of Literature','Văn Miếu – Quốc Tử Giám','Temple de la Littérature',
 'Vietnam''s first university (1076), with courtyards and stone steles of laureates.','Trường đại học đầu tiên của Việt Nam (1076), với sân vườn và bia tiến sĩ.','La première université du Vietnam (1076), cours et stèles des lauréats.',
 '58 Quoc Tu Giam, Dong Da','58 Quốc Tử Giám, Đống Đa, Hà Nội',21.0277,105.8355,1,'d8_17','{history,architecture}'),
('hanoi','ho-chi-minh-mausoleum','sight','Ho Chi Minh Mausoleum','Lăng Chủ tịch Hồ Chí Minh','Mausolée de Hô Chi Minh',
 'Granite mausoleum on Ba Dinh Square; mornings only, dress modestly.','Lăng đá granite trên quảng trường Ba Đình; chỉ mở buổi sáng, ăn mặc lịch sự.','Mausolée de granit sur la place Ba Dinh ; le matin seulement, tenue correcte.',
 '2 Hung Vuong, Ba Dinh','02 Hùng Vương, Ba Đình, Hà Nội',21.0368,105.8346,null,'d7_14','{history}'),
('hanoi','one-pillar-pagoda','culture','One Pillar Pagoda','Chùa Một Cột','Pagode au Pilier unique',
 'Lotus-shaped pagoda on a single stone pillar, first built in 1049.','Ngôi chùa hình hoa sen trên một cột đá, xây lần đầu năm 1049.','Pagode en forme de lotus sur un pilier unique, bâtie pour la première fois en 1049.',
 'Chua Mot Cot, Doi Can, Ba Dinh','Chùa Một Cột, Đội Cấn, Ba Đình, Hà Nội',21.0358,105.8336,null,'d7_22','{temple}'),
('hanoi','hoa-lo-prison','culture','Hoa Lo Prison Relic','Di tích Nhà tù Hỏa Lò','Prison de Hoa Lo',
 'The French-built prison later known as the "Hanoi Hilton"; evening tours available.','Nhà tù do Pháp xây, sau được gọi là “Hanoi Hilton”; có tour đêm.','Prison construite par les Français, surnommée plus tard « Hanoi Hilton » ; visites nocturnes.',
 '1 Hoa Lo, Tran Hung Dao, Hoan Kiem','01 Hỏa Lò, Trần Hưng Đạo, Hoàn Kiếm, Hà Nội',21.0253,105.8464,1,'d8_17','{history,museum}'),
('hanoi','st-josephs-cathedral','sight','St. Joseph''s Cathedral','Nhà thờ Lớn Hà Nội','Cathédrale Saint-Joseph',
 'Neo-Gothic cathedral from 1886 surrounded by lemon-tea stalls.','Nhà thờ kiểu tân Gothic từ năm 1886, xung quanh là quán trà chanh.','Cathédrale néogothique de 1886 entourée d''échoppes de thé au citron.',
 '40 Nha Chung, Hang Trong, Hoan Kiem','40 Nhà Chung, Hàng Trống, Hoàn Kiếm, Hà Nội',21.0287,105.8489,null,'mass','{architecture}'),
('hanoi','hanoi-opera-house','culture','Hanoi Opera House','Nhà hát Lớn Hà Nội','Opéra de Hanoï',
 'Grand 1911 opera house modelled on the Palais Garnier.','Nhà hát Lớn xây năm 1911 theo mẫu Opéra Garnier.','Grand opéra de 1911 inspiré du Palais Garnier.',
 '1 Trang Tien, Phan Chu Trinh, Hoan Kiem','01 Tràng Tiền, Phan Chu Trinh, Hoàn Kiếm, Hà Nội',21.0243,105.8575,3,'eve','{show,architecture}'),
('hanoi','dong-xuan-market','shopping','Dong Xuan Market','Chợ Đồng Xuân','Marché Dong Xuan',
 'Hanoi''s biggest covered market, with a night market on the street outside at weekends.','Chợ có mái lớn nhất Hà Nội, cuối tuần có chợ đêm ngay bên ngoài.','Le plus grand marché couvert de Hanoï, avec un marché de nuit le week-end.',
 'Dong Xuan, Hoan Kiem','Chợ Đồng Xuân, Đồng Xuân, Hoàn Kiếm, Hà Nội',21.0384,105.8497,1,'d6_22','{market}'),
('hanoi','tran-quoc-pagoda','culture','Tran Quoc Pagoda','Chùa Trấn Quốc','Pagode Tran Quoc',
 'Hanoi''s oldest pagoda on a small peninsula in West Lake; lovely at sunset.','Ngôi chùa cổ nhất Hà Nội trên bán đảo nhỏ ở Hồ Tây; đẹp lúc hoàng hôn.','La plus ancienne pagode de Hanoï, sur une presqu''île du lac de l''Ouest ; superbe au couchant.',
 'Thanh Nien, Yen Phu, Tay Ho','Đường Thanh Niên, Yên Phụ, Tây Hồ, Hà Nội',21.0479,105.8368,null,'d8_17','{temple,lake}'),
('hanoi','west-lake','nature','West Lake','Hồ Tây','Lac de l''Ouest',
 'The city''s largest lake: cycle the 17 km shore past cafés and temples.','Hồ lớn nhất thành phố: đạp xe 17 km quanh hồ qua quán cà phê và đền chùa.','Le plus grand lac de la ville : 17 km de rives à vélo entre cafés et temples.',
 'West Lake, Tay Ho','Hồ Tây, Tây Hồ, Hà Nội',21.0580,105.8190,null,'d24','{lake,cycling}'),
('hanoi','museum-of-ethnology','culture','Vietnam Museum of Ethnology','Bảo tàng Dân tộc học Việt Nam','Musée d''ethnographie du Vietnam',
 'The 54 ethnic groups of Vietnam, with full-size traditional houses in the garden.','54 dân tộc Việt Nam, với nhà truyền thống kích thước thật trong vườn.','Les 54 ethnies du Vietnam, avec des maisons traditionnelles grandeur nature dans le jardin.',
 'Nguyen Van Huyen, Nghia Do, Cau Giay','Nguyễn Văn Huyên, Nghĩa Đô, Cầu Giấy, Hà Nội',21.0405,105.7985,1,'m8_17','{museum,kids}'),
('hanoi','thang-long-citadel','sight','Imperial Citadel of Thang Long','Hoàng thành Thăng Long','Cité impériale de Thang Long',
 'UNESCO-listed remains of the royal citadel, including wartime command bunkers.','Di sản UNESCO của hoàng thành xưa, có cả hầm chỉ huy thời chiến.','Vestiges de la citadelle royale classés à l''UNESCO, dont des bunkers de commandement.',
 '19C Hoang Dieu, Dien Bien, Ba Dinh','19C Hoàng Diệu, Điện Biên, Ba Đình, Hà Nội',21.0352,105.8402,1,'m8_17','{history,unesco}'),
('hanoi','thang-long-water-puppet-theatre','family','Thang Long Water Puppet Theatre','Nhà hát Múa rối nước Thăng Long','Théâtre de marionnettes sur l''eau Thang Long',
 'Centuries-old water puppetry with live traditional music; several shows a day.','Múa rối nước truyền thống với nhạc dân tộc biểu diễn trực tiếp; nhiều suất mỗi ngày.','Marionnettes sur l''eau séculaires avec musique traditionnelle live ; plusieurs séances par jour.',
 '57B Dinh Tien Hoang, Hang Bac, Hoan Kiem','57B Đinh Tiên Hoàng, Hàng Bạc, Hoàn Kiếm, Hà Nội',21.0317,105.8532,2,'eve','{show,kids}'),
('hanoi','train-street','sight','Train Street','Phố đường tàu','La rue du train',
 'Narrow lane where trains pass inches from cafés; follow local safety rules.','Con phố hẹp nơi tàu chạy sát các quán cà phê; tuân thủ quy định an toàn.','Ruelle étroite où les trains frôlent les cafés ; respectez les consignes de sécurité.',
 'Phung Hung, Hang Ma, Hoan Kiem','Phùng Hưng, Hàng Mã, Hoàn Kiếm, Hà Nội',21.0326,105.8456,null,'d24','{photo}'),
('hanoi','long-bien-bridge','sight','Long Bien Bridge','Cầu Long Biên','Pont Long Bien',
 'Century-old steel bridge over the Red River, best on foot at sunrise.','Cây cầu thép trăm tuổi bắc qua sông Hồng, đẹp nhất khi đi bộ lúc bình minh.','Pont d''acier centenaire sur le fleuve Rouge, à parcourir à pied au lever du soleil.',
 'Long Bien Bridge, Hoan Kiem','Cầu Long Biên, Hoàn Kiếm, Hà Nội',21.0433,105.8590,null,'d24','{history,sunrise}'),
('hanoi','bun-cha-huong-lien','food','Bun Cha Huong Lien','Bún chả Hương Liên','Bun cha Huong Lien',
 'Grilled pork with noodles, made famous by a presidential dinner in 2016.','Bún chả nổi tiếng sau bữa tối của tổng thống Mỹ năm 2016.','Porc grillé et vermicelles, rendu célèbre par un dîner présidentiel en 2016.',
 '24 Le Van Huu, Phan Chu Trinh, Hai Ba Trung','24 Lê Văn Hưu, Phan Chu Trinh, Hai Bà Trưng, Hà Nội',21.0178,105.8537,1,'d8_17','{bun-cha,local}'),
('hanoi','pho-bat-dan','food','Pho Gia Truyen Bat Dan','Phở Gia Truyền Bát Đàn','Pho Gia Truyen Bat Dan',
 'Queue with locals for a classic clear-broth Hanoi beef pho.','Xếp hàng cùng người Hà Nội thưởng thức phở bò nước trong truyền thống.','Faites la queue avec les Hanoïens pour un pho au bœuf classique au bouillon clair.',
 '49 Bat Dan, Cua Dong, Hoan Kiem','49 Bát Đàn, Cửa Đông, Hoàn Kiếm, Hà Nội',21.0336,105.8467,1,'d6_22','{pho,breakfast}'),
('hanoi','cha-ca-thang-long','food','Cha Ca Thang Long','Chả cá Thăng Long','Cha ca Thang Long',
 'Turmeric fish sizzled with dill at your table, a Hanoi speciality.','Chả cá nghệ chiên với thì là ngay tại bàn, đặc sản Hà Nội.','Poisson au curcuma grésillant à l''aneth sur votre table, spécialité de Hanoï.',
 '21-31 Duong Thanh, Cua Dong, Hoan Kiem','21-31 Đường Thành, Cửa Đông, Hoàn Kiếm, Hà Nội',21.0320,105.8470,2,'d10_22','{local,fish}'),
('hanoi','cafe-giang','cafe','Café Giang','Cà phê Giảng','Café Giang',
 'Where egg coffee was invented in 1946; up a narrow alley.','Nơi cà phê trứng ra đời năm 1946; ở trong con hẻm nhỏ.','Le berceau du café à l''œuf, inventé en 1946 ; au fond d''une ruelle étroite.',
 '39 Nguyen Huu Huan, Ly Thai To, Hoan Kiem','39 Nguyễn Hữu Huân, Lý Thái Tổ, Hoàn Kiếm, Hà Nội',21.0332,105.8548,1,'d7_22','{egg-coffee}'),
('hanoi','cafe-dinh','cafe','Café Dinh','Cà phê Đinh','Café Dinh',
 'Tiny upstairs café overlooking Hoan Kiem Lake, run by the Giang family.','Quán cà phê nhỏ trên gác nhìn ra hồ Hoàn Kiếm, do gia đình cà phê Giảng mở.','Minuscule café à l''étage face au lac Hoan Kiem, tenu par la famille Giang.',
 '13 Dinh Tien Hoang (2nd floor), Hoan Kiem','13 Đinh Tiên Hoàng (tầng 2), Hoàn Kiếm, Hà Nội',21.0314,105.8530,1,'d7_22','{egg-coffee,view}'),
('hanoi','hanoi-social-club','cafe','The Hanoi Social Club','The Hanoi Social Club','The Hanoi Social Club',
 'Relaxed café in an old house with live music evenings.','Quán cà phê thư thái trong nhà cổ, có đêm nhạc sống.','Café détendu dans une vieille maison, soirées musique live.',
 '6 Hoi Vu, Hang Bong, Hoan Kiem','06 Hội Vũ, Hàng Bông, Hoàn Kiếm, Hà Nội',21.0271,105.8455,2,'d7_22','{brunch,live-music}'),
('hanoi','ta-hien-beer-street','nightlife','Ta Hien Beer Street','Phố bia Tạ Hiện','Rue de la bière Ta Hien',
 'Plastic stools and cheap draught beer on the Old Quarter''s liveliest corner.','Ghế nhựa và bia hơi giá rẻ ở góc phố sôi động nhất phố cổ.','Tabourets en plastique et bière pression bon marché au coin le plus animé du Vieux Quartier.',
 'Ta Hien, Hang Buom, Hoan Kiem','Phố Tạ Hiện, Hàng Buồm, Hoàn Kiếm, Hà Nội',21.0350,105.8517,1,'night','{beer,night}'),
('hanoi','weekend-night-market','shopping','Hanoi Weekend Night Market','Chợ đêm phố cổ Hà Nội','Marché de nuit du week-end',
 'Stalls from Hang Dao to Dong Xuan every Friday to Sunday evening.','Các gian hàng từ Hàng Đào đến Đồng Xuân tối thứ Sáu đến Chủ nhật.','Des étals de Hang Dao à Dong Xuan, du vendredi au dimanche soir.',
 'Hang Dao, Hoan Kiem','Phố Hàng Đào, Hoàn Kiếm, Hà Nội',21.0345,105.8509,1,'wkend','{market,night}'),
('hanoi','hang-gai-silk-street','shopping','Hang Gai Silk Street','Phố Hàng Gai','Rue de la soie Hang Gai',
 'Silk scarves, tailoring and embroidery on one of the 36 guild streets.','Khăn lụa, may đo và thêu trên một trong 36 phố phường.','Foulards de soie, tailleurs et broderies dans l''une des 36 rues des corporations.',
 'Hang Gai, Hoan Kiem','Phố Hàng Gai, Hoàn Kiếm, Hà Nội',21.0317,105.8494,3,'d9_21','{silk,tailor}'),
('hanoi','womens-museum','culture','Vietnamese Women''s Museum','Bảo tàng Phụ nữ Việt Nam','Musée des femmes vietnamiennes',
 'Engaging museum on women''s roles, costumes and crafts across Vietnam.','Bảo tàng hấp dẫn về vai trò, trang phục và nghề thủ công của phụ nữ Việt Nam.','Musée passionnant sur le rôle, les costumes et l''artisanat des femmes du Vietnam.',
 '36 Ly Thuong Kiet, Hang Bai, Hoan Kiem','36 Lý Thường Kiệt, Hàng Bài, Hoàn Kiếm, Hà Nội',21.0236,105.8532,1,'d8_17','{museum}'),
('hanoi','national-museum-of-history','culture','National Museum of Vietnamese History','Bảo tàng Lịch sử Quốc gia','Musée national d''histoire du Vietnam',
 'French-built museum tracing Vietnam from prehistory to 1945.','Bảo tàng do Pháp xây, kể lịch sử Việt Nam từ tiền sử đến năm 1945.','Musée d''époque française retraçant le Vietnam de la préhistoire à 1945.',
 '1 Trang Tien, Phan Chu Trinh, Hoan Kiem','01 Tràng Tiền, Phan Chu Trinh, Hoàn Kiếm, Hà Nội',21.0245,105.8598,1,'lunch','{history,museum}'),
('hanoi','lotte-observation-deck','sight','Lotte Center Observation Deck','Đài quan sát Lotte Center','Observatoire du Lotte Center',
 'Glass-floored sky deck on the 65th floor with views over the whole city.','Đài quan sát sàn kính tầng 65, ngắm toàn cảnh thành phố.','Observatoire au plancher de verre au 65e étage, vue sur toute la ville.',
 '54 Lieu Giai, Cong Vi, Ba Dinh','54 Liễu Giai, Cống Vị, Ba Đình, Hà Nội',21.0318,105.8124,3,'d9_23','{view}'),
('hanoi','hanoi-railway-station','transport','Hanoi Railway Station','Ga Hà Nội','Gare de Hanoï',
 'Reunification Express south to Hue and Saigon, and night trains to Lao Cai for Sapa.','Tàu Thống Nhất vào Huế, Sài Gòn và tàu đêm lên Lào Cai đi Sa Pa.','Trains vers Hué et Saïgon, et trains de nuit vers Lao Cai pour Sapa.',
 '120 Le Duan, Van Mieu, Dong Da','120 Lê Duẩn, Văn Miếu, Đống Đa, Hà Nội',21.0245,105.8412,null,'d6_22','{train}'),
('hanoi','noi-bai-airport','transport','Noi Bai International Airport','Sân bay Quốc tế Nội Bài','Aéroport international de Noi Bai',
 'About 45 minutes from the Old Quarter; bus 86 stops at the Opera House and station.','Cách phố cổ khoảng 45 phút; xe buýt 86 dừng ở Nhà hát Lớn và ga Hà Nội.','À environ 45 minutes du Vieux Quartier ; le bus 86 dessert l''Opéra et la gare.',
 'Phu Minh, Soc Son','Phú Minh, Sóc Sơn, Hà Nội',21.2187,105.8042,null,'d24','{airport}'),
('hanoi','thong-nhat-park','nature','Thong Nhat Park','Công viên Thống Nhất','Parc Thong Nhat',
 'Big lakeside park for morning exercise, paddle boats and people-watching.','Công viên lớn ven hồ để tập thể dục, đạp vịt và ngắm phố.','Grand parc au bord d''un lac : sport matinal, pédalos et scènes de vie.',
 'Tran Nhan Tong, Le Dai Hanh, Hai Ba Trung','Công viên Thống Nhất, Trần Nhân Tông, Hai Bà Trưng, Hà Nội',21.0167,105.8440,null,'d24','{park,lake}'),
('hanoi','botanical-garden','nature','Hanoi Botanical Garden','Vườn Bách Thảo Hà Nội','Jardin botanique de Hanoï',
 'Old trees, a lake and a little hill behind the Presidential Palace.','Cây cổ thụ, hồ nước và đồi nhỏ phía sau Phủ Chủ tịch.','Arbres anciens, un lac et une petite colline derrière le palais présidentiel.',
 '3 Hoang Hoa Tham, Ngoc Ho, Ba Dinh','03 Hoàng Hoa Thám, Ngọc Hồ, Ba Đình, Hà Nội',21.0397,105.8323,null,'d6_22','{park,kids}'),
('hanoi','la-siesta-spa','wellness','La Siesta Spa','La Siesta Spa','La Siesta Spa',
 'Polished Old Quarter spa with herbal foot baths and Vietnamese massage.','Spa sang trọng ở phố cổ với ngâm chân thảo dược và massage Việt Nam.','Spa raffiné du Vieux Quartier : bains de pieds aux herbes et massage vietnamien.',
 '94 Ma May, Hang Buom, Hoan Kiem','94 Mã Mây, Hàng Buồm, Hoàn Kiếm, Hà Nội',21.0353,105.8532,3,'d9_23','{massage}'),
('hanoi','heritage-house-ma-may','culture','Heritage House at 87 Ma May','Nhà cổ 87 Mã Mây','Maison ancienne du 87 Ma May',
 'Restored 19th-century tube house showing merchant life in the Old Quarter.','Ngôi nhà ống thế kỷ 19 được phục dựng, kể cuộc sống thương nhân phố cổ.','Maison-tube du XIXe siècle restaurée, témoin de la vie marchande du Vieux Quartier.',
 '87 Ma May, Hang Buom, Hoan Kiem','87 Mã Mây, Hàng Buồm, Hoàn Kiếm, Hà Nội',21.0345,105.8530,1,'d8_17','{history,architecture}'),
('hanoi','ha-long-bay-cruise','tour','Ha Long Bay Cruise (Tuan Chau Harbour)','Du thuyền Vịnh Hạ Long (cảng Tuần Châu)','Croisière dans la baie d''Ha Long (port de Tuan Chau)',
 'Limestone karsts and caves by boat; day trips and overnight cruises from Hanoi.','Ngắm núi đá vôi và hang động bằng thuyền; tour trong ngày hoặc ngủ đêm từ Hà Nội.','Pitons calcaires et grottes en bateau ; excursions d''un jour ou croisières d''une nuit depuis Hanoï.',
 'Tuan Chau International Harbour, Ha Long, Quang Ninh','Cảng tàu khách Quốc tế Tuần Châu, Hạ Long, Quảng Ninh',20.9240,106.9940,3,'d7_14','{day-trip,unesco}'),
('hanoi','perfume-pagoda','tour','Perfume Pagoda Day Trip','Chùa Hương','Excursion à la pagode des Parfums',
 'Rowing boat up the Yen stream to a cave pagoda in limestone hills.','Đi đò trên suối Yến đến chùa trong động giữa núi đá vôi.','Barque sur la rivière Yen jusqu''à une pagode troglodyte dans les collines calcaires.',
 'Huong Son, My Duc','Hương Sơn, Mỹ Đức, Hà Nội',20.6176,105.7469,2,'d6_22','{day-trip,temple}'),
('hanoi','hanoi-french-hospital','service','Hanoi French Hospital','Bệnh viện Việt Pháp Hà Nội','Hôpital français de Hanoï',
 'International hospital with 24-hour emergency care and French-speaking staff.','Bệnh viện quốc tế cấp cứu 24 giờ, có nhân viên nói tiếng Pháp.','Hôpital international, urgences 24 h/24 et personnel francophone.',
 '1 Phuong Mai, Dong Da','01 Phương Mai, Đống Đa, Hà Nội',21.0049,105.8398,null,'d24','{hospital,emergency}'),
('hanoi','tourist-information-center','service','Hanoi Tourist Information Center','Trung tâm Thông tin Du lịch Hà Nội','Office de tourisme de Hanoï',
 'Free maps and advice by Hoan Kiem Lake.','Bản đồ miễn phí và tư vấn du lịch bên hồ Hoàn Kiếm.','Cartes gratuites et conseils au bord du lac Hoan Kiem.',
 '28 Dinh Tien Hoang, Hang Trong, Hoan Kiem','28 Đinh Tiên Hoàng, Hàng Trống, Hoàn Kiếm, Hà Nội',21.0300,105.8530,null,'d8_17','{information}');

-- City maps: every place, published, in list order.
insert into public.activities (id, customer_id, slug, category, title, description, latitude, longitude, address, address_local,
  price_level, opening_hours, tags, sort_order, published, created_at)
select extensions.uuid_generate_v5(extensions.uuid_ns_url(), p.city || '/' || p.slug), p.city, p.slug, p.category,
  jsonb_build_object('en', p.t_en, 'vi', p.t_vi, 'fr', p.t_fr),
  jsonb_build_object('en', p.d_en, 'vi', p.d_vi, 'fr', p.d_fr),
  p.lat, p.lng, p.address, p.address_local, p.price, h.hours, p.tags,
  row_number() over (partition by p.city order by p.category, p.slug) * 10, true, now() - interval '100 days'
from seed_places p
left join seed_hours h on h.code = p.hours;

update public.activities a set website = w.url
from (values
  ('pasteur-street-brewing', 'https://www.pasteurstreet.com'),
  ('vespa-adventures', 'https://www.vespaadventures.com'),
  ('mekong-delta-day-trip', 'https://www.thesinhtourist.vn'),
  ('fv-hospital', 'https://www.fvhospital.com'),
  ('hanoi-french-hospital', 'https://www.hfh.com.vn'),
  ('landmark-81-skyview', 'https://landmark81skyview.com')
) as w(slug, url)
where a.slug = w.slug;

-- Saigon Riverside Hotel (premium): 25 picks copied from the city map, some of them partners.
insert into public.activities (id, customer_id, slug, category, title, description, latitude, longitude, address, address_local,
  phone, website, price_level, opening_hours, photos, tags, sort_order, published, created_at)
select extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/' || a.slug), 'saigon-riverside-hotel', a.slug, a.category, a.title, a.description,
  a.latitude, a.longitude, a.address, a.address_local, a.phone, a.website, a.price_level, a.opening_hours, a.photos, a.tags,
  pick.ord * 10, true, now() - interval '90 days'
from unnest(array[
  'notre-dame-cathedral', 'central-post-office', 'independence-palace', 'ben-thanh-market', 'war-remnants-museum',
  'saigon-opera-house', 'nguyen-hue-walking-street', 'saigon-skydeck', 'jade-emperor-pagoda', 'pho-hoa-pasteur',
  'banh-mi-huynh-hoa', 'quan-an-ngon', 'secret-garden', 'anan-saigon', 'the-workshop-coffee',
  'lusine-dong-khoi', 'cafe-apartments', 'pasteur-street-brewing', 'saigon-saigon-rooftop-bar', 'miu-miu-spa',
  'vespa-adventures', 'mekong-delta-day-trip', 'cu-chi-tunnels', 'saigon-waterbus', 'fv-hospital'
]) with ordinality as pick(slug, ord)
join public.activities a on a.customer_id = 'ho-chi-minh-city' and a.slug = pick.slug;

update public.activities a
set is_partner = true, commission_rate = p.rate, phone = p.phone,
    guest_offer = jsonb_build_object('en', p.offer_en, 'vi', p.offer_vi, 'fr', p.offer_fr)
from (values
  ('pasteur-street-brewing', 0.100, '+84 28 3823 9562', 'Free tasting flight with your first pint for Riverside guests', 'Miễn phí khay nếm thử bia khi gọi ly đầu tiên dành cho khách Riverside', 'Planche de dégustation offerte avec votre première pinte pour les clients du Riverside'),
  ('secret-garden', 0.120, '+84 90 990 4621', '10% off your bill for Riverside guests', 'Giảm 10% hóa đơn cho khách Riverside', '10 % de réduction sur l''addition pour les clients du Riverside'),
  ('miu-miu-spa', 0.150, '+84 28 6679 7979', '15% off any massage of 60 minutes or more', 'Giảm 15% cho mọi liệu trình massage từ 60 phút', '15 % de réduction sur tout massage de 60 minutes ou plus'),
  ('vespa-adventures', 0.200, '+84 122 299 3585', 'Free welcome drink and photo pack on evening tours', 'Tặng đồ uống chào mừng và bộ ảnh cho tour buổi tối', 'Boisson de bienvenue et photos offertes pour les circuits du soir'),
  ('lusine-dong-khoi', 0.080, '+84 28 6674 9565', 'A free pastry with every coffee before 11:00', 'Tặng một bánh ngọt cho mỗi ly cà phê trước 11:00', 'Une viennoiserie offerte avec chaque café avant 11 h'),
  ('mekong-delta-day-trip', 0.150, '+84 28 3838 9593', '10% off the Mekong day trip, hotel pick-up included', 'Giảm 10% tour miền Tây, đón tại khách sạn', '10 % de réduction sur l''excursion au Mékong, prise en charge à l''hôtel'),
  ('saigon-saigon-rooftop-bar', 0.100, '+84 28 3823 4999', 'Happy-hour prices all evening for Riverside guests', 'Giá giờ vàng cả buổi tối cho khách Riverside', 'Prix happy hour toute la soirée pour les clients du Riverside')
) as p(slug, rate, phone, offer_en, offer_vi, offer_fr)
where a.customer_id = 'saigon-riverside-hotel' and a.slug = p.slug;

-- Hanoi Old Quarter Inn (basic, at most 20 published): 18 published picks and 3 drafts.
insert into public.activities (id, customer_id, slug, category, title, description, latitude, longitude, address, address_local,
  phone, website, price_level, opening_hours, photos, tags, sort_order, published, created_at)
select extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'hanoi-old-quarter-inn/' || a.slug), 'hanoi-old-quarter-inn', a.slug, a.category, a.title, a.description,
  a.latitude, a.longitude, a.address, a.address_local, a.phone, a.website, a.price_level, a.opening_hours, a.photos, a.tags,
  pick.ord * 10, pick.ord <= 18, now() - interval '80 days'
from unnest(array[
  'hoan-kiem-lake', 'ngoc-son-temple', 'temple-of-literature', 'ho-chi-minh-mausoleum', 'hoa-lo-prison',
  'st-josephs-cathedral', 'dong-xuan-market', 'thang-long-water-puppet-theatre', 'train-street', 'long-bien-bridge',
  'bun-cha-huong-lien', 'pho-bat-dan', 'cha-ca-thang-long', 'cafe-giang', 'ta-hien-beer-street',
  'weekend-night-market', 'la-siesta-spa', 'heritage-house-ma-may',
  'west-lake', 'ha-long-bay-cruise', 'noi-bai-airport'
]) with ordinality as pick(slug, ord)
join public.activities a on a.customer_id = 'hanoi' and a.slug = pick.slug;

update public.activities
set is_partner = true, commission_rate = 0.100,
    guest_offer = '{"en": "Free foot soak with any massage for Inn guests", "vi": "Miễn phí ngâm chân khi dùng dịch vụ massage cho khách của Inn", "fr": "Bain de pieds offert avec tout massage pour les clients de l''Inn"}'
where customer_id = 'hanoi-old-quarter-inn' and slug = 'la-siesta-spa';

-- Guest's favourites.
insert into public.favourites (user_id, activity_id, created_at)
select '00000000-0000-4000-a000-000000000003', extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/' || s), now() - interval '2 days'
from unnest(array['banh-mi-huynh-hoa', 'secret-garden', 'miu-miu-spa', 'saigon-skydeck']) s;

-- ─── analytics: ~3 months ending today, with weekly rhythm, growth and an evening peak ───────
insert into public.analytics_events (customer_id, activity_id, type, visitor_id, created_at)
select
  e.customer_id,
  case when e.type in ('activity_view', 'directions_click', 'favourite', 'share')
       then e.ids[1 + floor(random() * array_length(e.ids, 1))::int] end,
  e.type,
  md5(e.customer_id || ':' || floor(random() * e.visitors)::int)::uuid,
  e.ts
from (
  select c.customer_id, c.ids, c.visitors,
    d.day + make_interval(
      hours => (array[7, 8, 8, 9, 10, 11, 12, 12, 13, 15, 17, 18, 19, 19, 20, 20, 21, 21, 22, 23])[1 + floor(random() * 20)::int],
      mins => floor(random() * 60)::int, secs => floor(random() * 60)::int) as ts,
    (case
       when r < 0.14 then 'qr_scan' when r < 0.48 then 'map_view' when r < 0.80 then 'activity_view'
       when r < 0.91 then 'directions_click' when r < 0.95 then 'share' else 'favourite'
     end)::public.analytics_event_type as type
  from (
    select x.customer_id, x.base, x.visitors,
      (select array_agg(a.id order by a.sort_order) from public.activities a where a.customer_id = x.customer_id and a.published) as ids
    from (values ('saigon-riverside-hotel', 20, 900), ('ho-chi-minh-city', 6, 400), ('hanoi', 4, 300)) as x(customer_id, base, visitors)
  ) c
  cross join lateral (
    select g::date::timestamptz as day, g
    from generate_series(current_date - 89, current_date, interval '1 day') g
  ) d
  cross join lateral generate_series(1,
    greatest(1, round(c.base * (0.6 + 0.6 * (d.day::date - (current_date - 89)) / 89.0)
                      * case when extract(isodow from d.day) in (5, 6, 7) then 1.35 else 1 end
                      * (0.8 + 0.4 * random()))::int)) n
  -- Referencing n makes the draw per row: an uncorrelated lateral random() is evaluated only once.
  cross join lateral (select random() + 0 * n as r) rr
) e
where e.ts <= now();

drop table seed_places, seed_hours;

-- ════════════════════════════════════════════════════════════════════════════════
-- Rewards (issue 10): a daily scratch card for Saigon Riverside, partner PINs (a 6-digit demo PIN per
-- Riverside partner) and about three months of partner transactions so statements show real figures.
-- The split follows the rounding rule of migration …0800 (its CHECK constraints verify every row).
-- ════════════════════════════════════════════════════════════════════════════════
insert into public.reward_campaigns (id, customer_id, kind, title, active, daily_limit)
values ('00000000-0000-4000-d000-000000000001', 'saigon-riverside-hotel', 'scratch_card',
        '{"en": "Daily scratch card", "vi": "Thẻ cào mỗi ngày", "fr": "Carte à gratter du jour"}', true, 1);

insert into public.reward_prizes (campaign_id, kind, label, points, activity_id, discount_pct, weight, stock, sort_order)
values
  ('00000000-0000-4000-d000-000000000001', 'points', '{"en": "20 points", "vi": "20 điểm", "fr": "20 points"}', 20, null, null, 50, null, 1),
  ('00000000-0000-4000-d000-000000000001', 'points', '{"en": "100 points", "vi": "100 điểm", "fr": "100 points"}', 100, null, null, 10, null, 2),
  ('00000000-0000-4000-d000-000000000001', 'voucher', '{"en": "15% off at Miu Miu Spa", "vi": "Giảm 15% tại Miu Miu Spa", "fr": "15 % de réduction au Miu Miu Spa"}', null,
   extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa'), 15, 10, 100, 3),
  ('00000000-0000-4000-d000-000000000001', 'nothing', '{"en": "Better luck tomorrow", "vi": "Chúc may mắn lần sau", "fr": "Plus de chance demain"}', null, null, null, 30, null, 4);

-- Each partner its own 6-digit demo PIN (listed in README.md and docs/rewards.md; never reuse them for real).
insert into public.partner_pins (activity_id, pin_hash, pin_length, updated_by)
select a.id, extensions.crypt(p.pin, extensions.gen_salt('bf', 6)), char_length(p.pin), '00000000-0000-4000-a000-000000000002'
from (values
  ('pasteur-street-brewing', '381924'),
  ('secret-garden', '502817'),
  ('miu-miu-spa', '264093'),
  ('vespa-adventures', '719352'),
  ('lusine-dong-khoi', '846105'),
  ('mekong-delta-day-trip', '130578'),
  ('saigon-saigon-rooftop-bar', '957246')
) as p(slug, pin)
join public.activities a on a.customer_id = 'saigon-riverside-hotel' and a.slug = p.slug and a.is_partner;

insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct,
  commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, created_by, idempotency_key, created_at)
select s.customer_id, s.activity_id, s.amount, 'VND', s.rate, s.pct, s.commission, s.commission - s.fee, s.fee,
       round((s.commission - s.fee) * s.pct / 100), (s.commission - s.fee) - round((s.commission - s.fee) * s.pct / 100),
       '00000000-0000-4000-a000-000000000002', 'seed-' || s.slug || '-' || s.g, s.at
from (
  select c.*, round(c.commission * 0.20) as fee
  from (
    select a.customer_id, a.id as activity_id, a.slug, g, a.commission_rate as rate, cu.rewards_reinvestment_pct as pct,
           (150000 + (g * 7919 + length(a.slug) * 104729) % 1850000) / 1000 * 1000 as amount,
           round(((150000 + (g * 7919 + length(a.slug) * 104729) % 1850000) / 1000 * 1000) * a.commission_rate) as commission,
           now() - make_interval(days => (g * 3 + length(a.slug)) % 88, hours => g % 11) as at
    from public.activities a
    join public.customers cu on cu.id = a.customer_id
    cross join generate_series(1, 24) g
    where a.customer_id = 'saigon-riverside-hotel' and a.is_partner
  ) c
) s;

-- ════════════════════════════════════════════════════════════════════════════════
-- Fortune wheel demo (rewards UI): Saigon Riverside's wheel, 3 spins per guest per UTC day. Fixed ids so
-- the map remote's browser tests can name them. Labels are what the wheel shows; weights are never sent
-- to guests (column grants).
-- ════════════════════════════════════════════════════════════════════════════════
insert into public.reward_campaigns (id, customer_id, kind, title, active, daily_limit)
values ('00000000-0000-4000-d000-000000000002', 'saigon-riverside-hotel', 'fortune_wheel',
        '{"en": "Fortune wheel", "vi": "Vòng quay may mắn", "fr": "Roue de la fortune"}', true, 3);

insert into public.reward_prizes (id, campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, weight, stock, sort_order)
values
  ('00000000-0000-4000-d000-000000000021', '00000000-0000-4000-d000-000000000002', 'points',
   '{"en": "10 points", "vi": "10 điểm", "fr": "10 points"}', 10, null, null, null, 30, 35, null, 1),
  ('00000000-0000-4000-d000-000000000022', '00000000-0000-4000-d000-000000000002', 'voucher',
   '{"en": "10% off at Secret Garden", "vi": "Giảm 10% tại Secret Garden", "fr": "10 % au Secret Garden"}', null,
   extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/secret-garden'), 10, null, 14, 10, 200, 2),
  ('00000000-0000-4000-d000-000000000023', '00000000-0000-4000-d000-000000000002', 'nothing',
   '{"en": "Try again", "vi": "Thử lại nhé", "fr": "Réessayez"}', null, null, null, null, 30, 25, null, 3),
  ('00000000-0000-4000-d000-000000000024', '00000000-0000-4000-d000-000000000002', 'points',
   '{"en": "50 points", "vi": "50 điểm", "fr": "50 points"}', 50, null, null, null, 30, 15, null, 4),
  ('00000000-0000-4000-d000-000000000025', '00000000-0000-4000-d000-000000000002', 'voucher',
   '{"en": "Free pastry at L''Usine", "vi": "Bánh ngọt miễn phí tại L''Usine", "fr": "Viennoiserie offerte chez L''Usine"}', null,
   extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/lusine-dong-khoi'), null,
   '{"en": "A free pastry with your coffee", "vi": "Tặng một bánh ngọt kèm cà phê", "fr": "Une viennoiserie offerte avec votre café"}', 14, 10, 200, 5),
  ('00000000-0000-4000-d000-000000000026', '00000000-0000-4000-d000-000000000002', 'points',
   '{"en": "200 points", "vi": "200 điểm", "fr": "200 points"}', 200, null, null, null, 30, 5, null, 6);

-- ════════════════════════════════════════════════════════════════════════════════
-- Settlement (issue 27, migration …20261126000100): partner@demo.test is staff of Miu Miu Spa, Miu Miu Spa's rate history (proposed → accepted, one declined), statuses of the
-- seeded transactions, ended months closed and paid except the last one (left open so the hotel can close
-- it), and the current month open with confirmed, pending and disputed items. All dates are relative to
-- now() and months are the hotel's (Asia/Ho_Chi_Minh).
-- ════════════════════════════════════════════════════════════════════════════════
-- (Granted directly: the seed has no invitation rows, which the invitation tests rely on.)
insert into public.partner_staff (activity_id, user_id, added_by, created_at)
values (extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa'), '00000000-0000-4000-a000-000000000007',
        '00000000-0000-4000-a000-000000000002', now() - interval '150 days');

-- Rates: the partners' rates (recorded when the seed set them) are in force since 120 days; Miu Miu Spa's
-- were agreed through proposals: 0.120 (accepted), 0.180 (declined), 0.150 (accepted, in force).
update public.commission_rates r
set proposed_at = now() - interval '120 days', decided_at = now() - interval '120 days', effective_from = now() - interval '120 days'
where r.activity_id in (select a.id from public.activities a where a.is_partner);
delete from public.commission_rates r where r.activity_id = extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa');
insert into public.commission_rates (activity_id, rate, status, proposed_by, proposed_at, decided_by, decided_at, effective_from, set_by_admin)
select extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa'), r.rate, r.status,
       '00000000-0000-4000-a000-000000000002', now() - r.proposed, '00000000-0000-4000-a000-000000000007', now() - r.decided,
       case when r.status = 'accepted' then now() - r.decided end, false
from (values
  (0.120, 'accepted', interval '150 days', interval '149 days'),
  (0.180, 'declined', interval '130 days', interval '129 days'),
  (0.150, 'accepted', interval '101 days', interval '100 days')
) as r(rate, status, proposed, decided);

-- Fictitious platform account (demo only: never pay to it) so invoices carry a VietQR code.
insert into private.platform_settings (id, bank_bin, account_number, account_name)
values (true, '970436', '0000000000000', 'GUESTMAP DEMO');

-- Statuses: confirmed, except in the last two months: every 6th sale pending, every 9th disputed. Miu Miu
-- Spa's answers are given by partner@demo.test.
update public.partner_transactions t
set status = x.status,
    dispute_reason = case when x.status = 'disputed' then 'No such sale in our till on that day' end,
    decided_at = case when x.status <> 'pending' then least(t.created_at + interval '3 hours', now()) end,
    decided_by = case when x.status <> 'pending' and t.activity_id = extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa')
                      then '00000000-0000-4000-a000-000000000007'::uuid end
from (
  select t2.id,
         case when private.customer_month(t2.customer_id, t2.created_at) >= (private.customer_month(t2.customer_id, now()) - interval '1 month')::date
                   and substring(t2.idempotency_key from '-([0-9]+)$')::int % 6 = 0 then 'pending'
              when private.customer_month(t2.customer_id, t2.created_at) >= (private.customer_month(t2.customer_id, now()) - interval '1 month')::date
                   and substring(t2.idempotency_key from '-([0-9]+)$')::int % 9 = 0 then 'disputed'
              else 'confirmed' end as status
  from public.partner_transactions t2
  where t2.customer_id = 'saigon-riverside-hotel' and t2.idempotency_key like 'seed-%'
) x
where x.id = t.id;

-- This month at Miu Miu Spa, whatever the day: one confirmed, one pending, one disputed sale.
insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct,
  commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, created_by, idempotency_key,
  created_at, status, dispute_reason, decided_by, decided_at)
select s.customer_id, s.activity_id, s.amount, 'VND', s.rate, s.pct, s.commission, s.commission - s.fee, s.fee,
       round((s.commission - s.fee) * s.pct / 100), (s.commission - s.fee) - round((s.commission - s.fee) * s.pct / 100),
       '00000000-0000-4000-a000-000000000002', 'seed-now-' || s.n, s.at, s.status, s.reason,
       case when s.status <> 'pending' then '00000000-0000-4000-a000-000000000007'::uuid end,
       case when s.status <> 'pending' then now() end
from (
  select c.*, round(c.commission * 0.20) as fee
  from (
    select a.customer_id, a.id as activity_id, v.n, v.amount, a.commission_rate as rate, cu.rewards_reinvestment_pct as pct,
           round(v.amount * a.commission_rate) as commission, v.status, v.reason,
           greatest(now() - v.ago, (private.customer_month(a.customer_id, now()))::timestamp at time zone cu.time_zone) as at
    from public.activities a
    join public.customers cu on cu.id = a.customer_id
    cross join (values
      (1, 1250000::bigint, 'confirmed', null, interval '50 minutes'),
      (2, 980000::bigint, 'pending', null, interval '40 minutes'),
      (3, 2400000::bigint, 'disputed', 'Two massages were sold, not three', interval '30 minutes')
    ) as v(n, amount, status, reason, ago)
    where a.customer_id = 'saigon-riverside-hotel' and a.slug = 'miu-miu-spa'
    union all
    -- Last month (ended, still open): one sale the partner never answered.
    select a.customer_id, a.id, 4, 1500000::bigint, a.commission_rate, cu.rewards_reinvestment_pct,
           round(1500000 * a.commission_rate), 'pending', null,
           ((private.customer_month(a.customer_id, now()) - interval '1 month' + interval '14 days 15 hours')::timestamp at time zone cu.time_zone)
    from public.activities a
    join public.customers cu on cu.id = a.customer_id
    where a.customer_id = 'saigon-riverside-hotel' and a.slug = 'miu-miu-spa'
  ) c
) s;

-- Every ended month before the last one: closed (invoices, payouts), then paid by the administrator.
select private.close_month('saigon-riverside-hotel', m.month, '00000000-0000-4000-a000-000000000002')
from (
  select distinct private.customer_month(t.customer_id, t.created_at) as month
  from public.partner_transactions t
  where t.customer_id = 'saigon-riverside-hotel'
    and private.customer_month(t.customer_id, t.created_at) < (private.customer_month(t.customer_id, now()) - interval '1 month')::date
  order by 1
) m;
alter table public.settlement_months disable trigger settlement_months_guard;
update public.settlement_months m set closed_at = least(now(), (m.month + interval '1 month' + interval '2 days')::timestamp at time zone 'Asia/Ho_Chi_Minh')
where m.customer_id = 'saigon-riverside-hotel';
alter table public.settlement_months enable trigger settlement_months_guard;
alter table public.partner_invoices disable trigger partner_invoices_guard;
alter table public.hotel_payouts disable trigger hotel_payouts_guard;
update public.partner_invoices i set status = 'paid', paid_by = '00000000-0000-4000-a000-000000000001',
  created_at = m.closed_at,
  paid_at = least(now(), (i.month + interval '1 month' + interval '9 days')::timestamp at time zone 'Asia/Ho_Chi_Minh')
from public.settlement_months m
where m.customer_id = i.customer_id and m.month = i.month and i.customer_id = 'saigon-riverside-hotel';
update public.hotel_payouts p set status = 'paid', paid_by = '00000000-0000-4000-a000-000000000001',
  created_at = m.closed_at,
  paid_at = least(now(), (p.month + interval '1 month' + interval '12 days')::timestamp at time zone 'Asia/Ho_Chi_Minh')
from public.settlement_months m
where m.customer_id = p.customer_id and m.month = p.month and p.customer_id = 'saigon-riverside-hotel';
alter table public.partner_invoices enable trigger partner_invoices_guard;
alter table public.hotel_payouts enable trigger hotel_payouts_guard;
