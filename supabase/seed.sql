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
-- The administrator's authenticator app (issue 41: administrators must have one): a verified TOTP factor whose
-- secret is a demo value the README prints, as it prints the demo PINs (add it to any authenticator app as a setup
-- key, time-based). The other demo accounts have no factor.
insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
values ('00000000-0000-4000-f000-000000000001', '00000000-0000-4000-a000-000000000001', 'Demo authenticator',
  'totp', 'verified', now() - interval '120 days', now() - interval '120 days', 'GUESTMAPDEMOADMINTOTPSECRET23456');
update public.profiles set is_disabled = true where id = '00000000-0000-4000-a000-000000000004';
update auth.users set banned_until = timestamptz '2999-12-31 00:00:00+00' where id = '00000000-0000-4000-a000-000000000004';

-- ─── customers ──────────────────────────────────────────────────────────────────
insert into public.customers (id, kind, name, tagline, latitude, longitude, zoom, primary_color, welcome, package, is_public, rewards_reinvestment_pct, created_by, created_at)
values
  ('ho-chi-minh-city', 'city', 'Ho Chi Minh City', 'Saigon''s best food, sights and nights', 10.7769, 106.7009, 14, '#5AB77B',
   '{"en": "Welcome to Saigon! Explore our favourite places.", "vi": "Chào mừng đến Sài Gòn! Khám phá những địa điểm yêu thích của chúng tôi.", "fr": "Bienvenue à Saïgon ! Découvrez nos adresses préférées.", "zh": "欢迎来到西贡！探索我们最喜爱的地方。", "ko": "사이공에 오신 것을 환영합니다! 저희가 좋아하는 곳들을 둘러보세요.", "ja": "サイゴンへようこそ！私たちのお気に入りの場所を巡ってみてください。"}',
   null, true, 10, '00000000-0000-4000-a000-000000000001', now() - interval '120 days'),
  ('hanoi', 'city', 'Hanoi', 'Lakes, old streets and egg coffee', 21.0285, 105.8520, 14, '#5AB77B',
   '{"en": "Welcome to Hanoi! Wander the Old Quarter with us.", "vi": "Chào mừng đến Hà Nội! Cùng dạo phố cổ nhé.", "fr": "Bienvenue à Hanoï ! Flânez avec nous dans le Vieux Quartier."}',
   null, true, 10, '00000000-0000-4000-a000-000000000001', now() - interval '120 days'),
  ('saigon-riverside-hotel', 'hotel', 'Saigon Riverside Hotel', 'Your riverside home in District 1', 10.7741, 106.7058, 15, '#0E7C86',
   '{"en": "Welcome to Saigon Riverside Hotel! Our team picked these places for you; show your room key at our partners for guest offers.", "vi": "Chào mừng quý khách đến Saigon Riverside Hotel! Đội ngũ của chúng tôi đã chọn những địa điểm này cho quý khách; hãy xuất trình thẻ phòng tại các đối tác để nhận ưu đãi.", "fr": "Bienvenue au Saigon Riverside Hotel ! Notre équipe a choisi ces adresses pour vous ; présentez votre clé de chambre chez nos partenaires pour profiter des offres.", "zh": "欢迎入住 Saigon Riverside Hotel！这些地方由我们的团队为您精选；在合作商家出示房卡即可享受住客优惠。", "ko": "Saigon Riverside Hotel에 오신 것을 환영합니다! 저희 팀이 고른 장소들입니다. 제휴 업체에서 객실 키를 보여 주시면 투숙객 혜택을 받으실 수 있습니다.", "ja": "Saigon Riverside Hotelへようこそ！スタッフが選んだおすすめの場所です。提携店でルームキーを見せると宿泊者特典が受けられます。"}',
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

-- Chinese (zh), Korean (ko) and Japanese (ja) texts of the Ho Chi Minh City places (issue 30): names keep
-- their Vietnamese form in brackets beside the name a Chinese, Korean or Japanese guest knows, so that a
-- guest can match a street sign and show it. The Riverside picks below copy them.
create temporary table seed_places_cjk (slug text primary key, t_zh text, t_ko text, t_ja text, d_zh text, d_ko text, d_ja text);
insert into seed_places_cjk values
('notre-dame-cathedral','西贡圣母大教堂 (Nhà thờ Đức Bà)','사이공 노트르담 대성당 (Nhà thờ Đức Bà)','サイゴン大教会 (Nhà thờ Đức Bà)',
 '法国人于1880年代建造的红砖大教堂，第一郡的地标。','1880년대 프랑스인이 세운 붉은 벽돌 대성당으로, 1군의 상징입니다.','1880年代にフランス人が建てた赤れんがの大聖堂。1区のシンボルです。'),
('central-post-office','西贡中心邮局 (Bưu điện Trung tâm Sài Gòn)','사이공 중앙우체국 (Bưu điện Trung tâm Sài Gòn)','サイゴン中央郵便局 (Bưu điện Trung tâm Sài Gòn)',
 '法属时期的宏伟邮局，拱顶大厅内绘有古地图，至今仍可寄明信片。','아치형 천장과 옛 지도 그림이 있는 식민지 시대의 웅장한 우체국. 지금도 엽서를 보낼 수 있습니다.','アーチ天井のホールと手描きの古地図が残るコロニアル様式の郵便局。今も絵はがきを送れます。'),
('independence-palace','独立宫 (Dinh Độc Lập)','독립궁 (Dinh Độc Lập)','統一会堂 (Dinh Độc Lập)',
 '1960年代的总统府，1975年战争在此结束，可参观地下掩体和作战室。','1975년 전쟁이 끝난 1960년대 대통령궁으로, 지하 벙커와 작전실을 볼 수 있습니다.','1975年に戦争が終わった1960年代の旧大統領官邸。地下壕や作戦室も見学できます。'),
('ben-thanh-market','滨城市场 (Chợ Bến Thành)','벤탄 시장 (Chợ Bến Thành)','ベンタイン市場 (Chợ Bến Thành)',
 '城市的地标市场：布料、纪念品、咖啡和热闹的美食区。','도시의 랜드마크 시장: 원단, 기념품, 커피와 북적이는 푸드코트.','街のシンボル的な市場。布地、おみやげ、コーヒー、にぎやかなフードコートがあります。'),
('war-remnants-museum','战争遗迹博物馆 (Bảo tàng Chứng tích Chiến tranh)','전쟁 박물관 (Bảo tàng Chứng tích Chiến tranh)','戦争証跡博物館 (Bảo tàng Chứng tích Chiến tranh)',
 '以震撼的图片展和飞机展示越南战争带来的影响。','베트남 전쟁의 상흔을 보여 주는 강렬한 사진 전시와 항공기.','ベトナム戦争がもたらしたものを伝える衝撃的な写真展示と航空機。'),
('saigon-opera-house','西贡歌剧院 (Nhà hát Thành phố)','사이공 오페라 하우스 (Nhà hát Thành phố)','サイゴン・オペラハウス (市民劇場, Nhà hát Thành phố)',
 '建于1900年的美好年代风格剧院；晚上可观看AO Show或音乐会。','1900년에 지어진 벨 에포크 양식의 극장. 저녁에 AO 쇼나 콘서트를 즐겨 보세요.','1900年建造のベル・エポック様式の劇場。夜はAOショーやコンサートをどうぞ。'),
('city-hall','胡志明市人民委员会大楼 (Trụ sở UBND Thành phố)','호찌민 시청 (Trụ sở UBND Thành phố)','人民委員会庁舎 (旧サイゴン市庁舎, Trụ sở UBND Thành phố)',
 '华丽的法式殖民时期市政厅，夜晚从阮惠街看灯光最美。','화려한 프랑스 식민지 시대 시청. 밤에 응우옌후에 거리에서 조명을 켠 모습이 가장 아름답습니다.','装飾豊かなフランス植民地時代の市庁舎。夜、グエンフエ通りからライトアップを眺めるのがおすすめ。'),
('nguyen-hue-walking-street','阮惠步行街 (Phố đi bộ Nguyễn Huệ)','응우옌후에 거리 (Phố đi bộ Nguyễn Huệ)','グエンフエ通り 歩行者天国 (Phố đi bộ Nguyễn Huệ)',
 '宽阔的步行大道，有喷泉、街头艺人，夜晚人潮熙攘。','분수와 거리 공연이 있는 넓은 보행자 거리로, 저녁이면 사람들로 붐빕니다.','噴水や大道芸人が集まる広い歩行者天国。夕方からは大勢の人でにぎわいます。'),
('saigon-skydeck','西贡观景台 (金融塔, Saigon Skydeck)','사이공 스카이덱 (비텍스코 타워, Saigon Skydeck)','サイゴン・スカイデッキ (ビテクスコ・タワー, Saigon Skydeck)',
 '位于莲花造型的金融塔 (Bitexco) 第49层的观景台。','연꽃 모양의 비텍스코 파이낸셜 타워 49층에 있는 전망대.','ハスのつぼみの形をしたビテクスコ・フィナンシャル・タワー49階の展望台。'),
('landmark-81-skyview','地标81观景台 (Landmark 81 SkyView)','랜드마크 81 스카이뷰 (Landmark 81 SkyView)','ランドマーク81 スカイビュー (Landmark 81 SkyView)',
 '越南最高的建筑，79至81层设有观景台。','베트남에서 가장 높은 건물로, 79~81층에 전망대가 있습니다.','ベトナムで最も高いビル。79〜81階に展望台があります。'),
('jade-emperor-pagoda','玉皇殿 (福海寺, Chùa Ngọc Hoàng)','옥황전 (푹하이 사원, Chùa Ngọc Hoàng)','玉皇殿 (福海寺, Chùa Ngọc Hoàng)',
 '建于1909年的道教寺庙，香烟缭绕，有木雕神像和放生龟池。','1909년에 세워진 도교 사원. 향 연기 가득한 내부에 목조 신상과 거북 연못이 있습니다.','1909年建立の道教寺院。線香の煙が立ちこめ、木彫りの神像と亀の池があります。'),
('thien-hau-temple','天后宫 (Chùa Bà Thiên Hậu)','티엔허우 사원 (천후궁, Chùa Bà Thiên Hậu)','天后宮 (ティエンハウ廟, Chùa Bà Thiên Hậu)',
 '堤岸的广东会馆，供奉海神天后，以悬挂的盘香闻名。','쩌런에 있는 광둥인의 바다 여신 사원으로, 천장에 매달린 나선형 향이 유명합니다.','チョロンにある広東系の航海の女神を祀る廟。天井から吊るされた渦巻き線香で有名です。'),
('binh-tay-market','平西市场 (Chợ Bình Tây)','빈떠이 시장 (Chợ Bình Tây)','ビンタイ市場 (Chợ Bình Tây)',
 '堤岸的批发市场，位于1930年代的建筑内，中庭有钟楼。','쩌런의 도매시장. 1930년대 건물 안뜰에 시계탑이 있습니다.','チョロンの卸売市場。1930年代の建物の中庭に時計塔が立っています。'),
('fine-arts-museum','胡志明市美术博物馆 (Bảo tàng Mỹ thuật TP.HCM)','호찌민시 미술관 (Bảo tàng Mỹ thuật TP.HCM)','ホーチミン市美術博物館 (Bảo tàng Mỹ thuật TP.HCM)',
 '1920年代黄色洋楼里的漆画、绢画和雕塑。','1920년대 노란 저택에 전시된 옻칠화, 비단 그림과 조각.','1920年代の黄色い洋館に並ぶ漆絵、絹絵、彫刻。'),
('city-museum','胡志明市博物馆 (嘉隆宫, Bảo tàng Thành phố Hồ Chí Minh)','호찌민시 박물관 (Bảo tàng Thành phố Hồ Chí Minh)','ホーチミン市博物館 (Bảo tàng Thành phố Hồ Chí Minh)',
 '新古典风格的嘉隆宫里讲述城市历史；也是拍婚纱照的热门地点。','신고전주의 양식의 지아롱 궁전에서 만나는 도시의 역사. 웨딩 촬영 명소이기도 합니다.','新古典様式のザーロン宮殿で街の歴史を紹介。ウエディング写真の撮影スポットとしても人気です。'),
('history-museum','越南历史博物馆 (Bảo tàng Lịch sử TP.HCM)','베트남 역사박물관 (Bảo tàng Lịch sử TP.HCM)','ベトナム歴史博物館 (Bảo tàng Lịch sử TP.HCM)',
 '从东山铜鼓到占婆雕塑，就在动物园正门旁。','동선 청동북부터 참파 조각까지, 동물원 정문 옆에 있습니다.','ドンソン銅鼓からチャンパの彫刻まで。動物園の正門の隣です。'),
('saigon-zoo','西贡动植物园 (Thảo Cầm Viên Sài Gòn)','사이공 동식물원 (Thảo Cầm Viên Sài Gòn)','サイゴン動植物園 (Thảo Cầm Viên Sài Gòn)',
 '世界上最古老的动物园之一 (1864年)：绿荫花园、大象和长颈鹿。','세계에서 가장 오래된 동물원 중 하나(1864년): 그늘진 정원, 코끼리와 기린.','世界有数の歴史ある動物園 (1864年)。木陰の庭園、ゾウやキリンがいます。'),
('tao-dan-park','陶坛公园 (Công viên Tao Đàn)','따오단 공원 (Công viên Tao Đàn)','タオダン公園 (Công viên Tao Đàn)',
 '市中心的古树、清晨太极，周日还有鸣鸟咖啡会。','도심 속 고목, 아침 태극권, 일요일 아침의 새소리 카페.','市の中心にある古木の公園。朝の太極拳や、日曜朝の小鳥のさえずりカフェが名物です。'),
('september-23-park','9月23日公园 (Công viên 23 tháng 9)','9월 23일 공원 (Công viên 23 tháng 9)','9月23日公園 (Công viên 23 tháng 9)',
 '紧邻背包客区的狭长绿地，傍晚有游戏和健身的人群，十分热闹。','여행자 거리 옆의 긴 녹지. 해 질 무렵 게임과 운동을 하는 사람들로 활기찹니다.','バックパッカー街に面した細長い公園。夕暮れ時は遊びや運動をする人でにぎわいます。'),
('book-street','阮文平书街 (Đường sách Nguyễn Văn Bình)','응우옌반빈 책거리 (Đường sách Nguyễn Văn Bình)','グエンヴァンビン書店街 (Đường sách Nguyễn Văn Bình)',
 '邮局旁绿树成荫的小街，满是书店和咖啡馆。','우체국 옆 나무 그늘 아래 서점과 카페가 늘어선 거리.','郵便局の隣、木陰に書店やカフェが並ぶ通り。'),
('tan-dinh-church','新定教堂 (粉红教堂, Nhà thờ Tân Định)','떤딘 성당 (핑크 성당, Nhà thờ Tân Định)','タンディン教会 (ピンク教会, Nhà thờ Tân Định)',
 '建于1876年的糖果粉色教堂，城里被拍照最多的建筑之一。','1876년에 지어진 캔디 핑크빛 성당으로, 시내에서 가장 많이 사진에 담기는 건물 중 하나입니다.','1876年建造のキャンディピンクの教会。街で最も写真に撮られる建物のひとつです。'),
('bui-vien-walking-street','裴援步行街 (西人街, Phố đi bộ Bùi Viện)','부이비엔 여행자 거리 (Phố đi bộ Bùi Viện)','ブイヴィエン通り (Phố đi bộ Bùi Viện)',
 '霓虹闪烁的背包客街，酒吧和街头小吃营业到深夜。','네온사인이 빛나는 여행자 거리. 바와 길거리 음식이 밤늦게까지 이어집니다.','ネオンが輝くバックパッカー街。バーや屋台が深夜までにぎわいます。'),
('saigon-saigon-rooftop-bar','Saigon Saigon 屋顶酒吧','사이공 사이공 루프톱 바 (Saigon Saigon Rooftop Bar)','サイゴン・サイゴン・ルーフトップバー (Saigon Saigon Rooftop Bar)',
 '卡拉维尔酒店的经典屋顶酒吧，有现场音乐，可眺望歌剧院。','캐러벨 호텔의 클래식한 루프톱 바. 라이브 음악과 오페라 하우스 전망.','カラベル・ホテルの老舗ルーフトップバー。生演奏とオペラハウスの眺め。'),
('chill-skybar','Chill 空中酒吧 (Chill Skybar)','칠 스카이바 (Chill Skybar)','チル・スカイバー (Chill Skybar)',
 'AB大厦26层的华丽露天酒吧，周末有DJ。','AB 타워 26층의 화려한 야외 바. 주말에는 DJ 공연이 있습니다.','ABタワー26階の華やかなオープンエアバー。週末はDJが入ります。'),
('social-club-rooftop','Social Club 屋顶酒吧','소셜 클럽 루프톱 바 (Social Club Rooftop Bar)','ソーシャルクラブ・ルーフトップバー (Social Club Rooftop Bar)',
 '西贡艺术酒店 (Hotel des Arts) 楼顶的无边泳池和鸡尾酒。','호텔 데 자르 사이공 꼭대기의 인피니티 풀과 칵테일.','ホテル・デ・ザール・サイゴン最上階のインフィニティプールとカクテル。'),
('pasteur-street-brewing','Pasteur Street 精酿啤酒坊','파스퇴르 스트리트 브루잉 컴퍼니 (Pasteur Street Brewing Company)','パスター・ストリート・ブルーイング (Pasteur Street Brewing Company)',
 '用茉莉花、百香果等越南食材酿造的精酿啤酒馆。','재스민, 패션프루트 같은 베트남 재료로 맥주를 빚는 수제 맥주 펍.','ジャスミンやパッションフルーツなどベトナムの素材で醸すクラフトビールのタップルーム。'),
('broma-not-a-bar','Broma: Not a Bar 屋顶酒吧','브로마: 낫 어 바 (Broma: Not a Bar)','ブロマ：ノット・ア・バー (Broma: Not a Bar)',
 '阮惠街上方的小型屋顶酒吧，有DJ，顾客多为年轻人。','응우옌후에 거리 위의 작은 루프톱 바. DJ와 젊은 손님들로 붐빕니다.','グエンフエ通りを見下ろす小さなルーフトップバー。DJと若い客層。'),
('apocalypse-now','Apocalypse Now 酒吧','아포칼립스 나우 (Apocalypse Now)','アポカリプス・ナウ (Apocalypse Now)',
 '自1991年起营业的西贡传奇深夜舞吧。','1991년부터 이어져 온 사이공의 전설적인 심야 댄스 바.','1991年から続くサイゴンの伝説的な深夜のダンスバー。'),
('pho-hoa-pasteur','和河粉 (Phở Hòa Pasteur)','퍼 호아 파스퇴르 쌀국수 (Phở Hòa Pasteur)','フォー・ホア・パスター (Phở Hòa Pasteur)',
 '自1960年代起的西贡老字号，供应南方风味牛肉河粉。','1960년대부터 남부식 소고기 쌀국수를 내온 사이공의 명소.','1960年代から南部風の牛肉フォーを出すサイゴンの老舗。'),
('banh-mi-huynh-hoa','黄花法棍面包 (Bánh mì Huỳnh Hoa)','반미 후인호아 (Bánh mì Huỳnh Hoa)','バインミー・フインホア (Bánh mì Huỳnh Hoa)',
 '全城最有名的越式法棍，塞满肉酱和冷切肉。','파테와 햄을 가득 채운, 시내에서 가장 유명한 반미.','パテとハムがぎっしり詰まった、街でいちばん有名なバインミー。'),
('com-tam-ba-ghien','Ba Ghiền 碎米饭 (Cơm tấm Ba Ghiền)','껌땀 바기엔 (Cơm tấm Ba Ghiền)','コムタム・バーギエン (Cơm tấm Ba Ghiền)',
 '碎米饭配超大烤猪排，米其林必比登推荐的人气店。','거대한 돼지갈비구이를 올린 껌땀(부서진 쌀밥). 미쉐린 빕 구르망 맛집.','巨大な豚の炭火焼きをのせた砕き米ご飯。ミシュランのビブグルマンで人気の店。'),
('quan-an-ngon','Ngon 餐厅 (Quán Ăn Ngon)','꽌안응온 (Quán Ăn Ngon)','クアンアンゴン (Quán Ăn Ngon)',
 '在绿意盎然的法式别墅里，品尝越南各地的经典街头小吃。','푸른 식민지 시대 저택에서 즐기는 베트남 전국의 길거리 음식.','緑あふれるコロニアル様式の邸宅で、ベトナム各地の屋台料理を味わえます。'),
('secret-garden','秘密花园餐厅 (Nhà hàng Secret Garden)','시크릿 가든 레스토랑 (Nhà hàng Secret Garden)','シークレット・ガーデン (Nhà hàng Secret Garden)',
 '沿着老楼梯而上，藏在灯笼屋顶上的越南家常菜。','오래된 계단 위에 숨은, 등불이 켜진 옥상에서 먹는 베트남 가정식.','古い階段を上った先、ランタンが灯る屋上で味わうベトナムの家庭料理。'),
('hum-vegetarian','Hum 素食餐厅 (Nhà hàng chay Hum)','훔 베지테리언 (Nhà hàng chay Hum)','フム・ベジタリアン (Nhà hàng chay Hum)',
 '安静优雅的素食餐厅，越南菜做得富有创意。','창의적인 베트남 요리를 내는 조용하고 우아한 채식 레스토랑.','創作ベトナム料理を出す、静かで上品なベジタリアンレストラン。'),
('banh-xeo-46a','46A 越式煎饼 (Bánh xèo 46A Đinh Công Tráng)','반쎄오 46A (Bánh xèo 46A Đinh Công Tráng)','バインセオ46A (Bánh xèo 46A Đinh Công Tráng)',
 '巨大的姜黄脆煎饼，夹虾和猪肉，用新鲜香草包着吃。','새우와 돼지고기를 넣은 거대한 강황 부침개를 신선한 허브에 싸서 먹습니다.','エビと豚肉入りの巨大なターメリック風味の焼きクレープを、生ハーブで包んで食べます。'),
('oc-dao','Ốc Đào 螺店','옥다오 달팽이 요리 (Ốc Đào)','オックダオ 貝料理 (Ốc Đào)',
 '热闹的螺类和贝类小馆：一定要试试椰奶炒螺。','활기찬 달팽이·조개 요리집. 코코넛 밀크 달팽이를 꼭 드셔 보세요.','活気ある巻き貝・貝料理の店。ココナッツミルク煮の巻き貝をぜひ。'),
('ben-thanh-street-food-market','滨城街头美食市场 (Chợ ẩm thực đường phố Bến Thành)','벤탄 스트리트 푸드 마켓 (Chợ ẩm thực đường phố Bến Thành)','ベンタイン・ストリートフードマーケット (Chợ ẩm thực đường phố Bến Thành)',
 '室内美食广场，数十个摊位营业到深夜，适合结伴前往。','수십 개의 노점이 늦게까지 문을 여는 실내 푸드홀. 단체로 가기 좋습니다.','数十の屋台が夜遅くまで営業する屋内フードホール。グループにおすすめ。'),
('pho-le','丽河粉 (Phở Lệ)','퍼레 쌀국수 (Phở Lệ)','フォー・レ (Phở Lệ)',
 '堤岸的西贡式河粉，汤头浓郁微甜，天一亮就座无虚席。','쩌런에 있는 진하고 살짝 단맛 나는 사이공식 쌀국수집. 새벽부터 붐빕니다.','チョロンにある、コク深くほんのり甘いサイゴン風フォー。早朝から混み合います。'),
('anan-saigon','Anan Saigon 餐厅','아난 사이공 (Anan Saigon)','アナン・サイゴン (Anan Saigon)',
 '老市场街楼上的现代越南料理，以奢华版法棍面包闻名。','오래된 시장 골목 위층의 모던 베트남 요리. 럭셔리 반미로 유명합니다.','古い市場通りの上階にあるモダン・ベトナム料理店。高級バインミーで有名です。'),
('the-workshop-coffee','The Workshop 咖啡','더 워크숍 커피 (The Workshop Coffee)','ザ・ワークショップ・コーヒー (The Workshop Coffee)',
 '挑高阁楼里的精品咖啡烘焙坊，提供单一产地手冲。','층고 높은 로프트의 스페셜티 커피 로스터리. 싱글 오리진 핸드드립을 맛보세요.','天井の高いロフトにあるスペシャルティコーヒーのロースタリー。シングルオリジンのハンドドリップを。'),
('cafe-apartments','咖啡公寓 (Chung cư cà phê 42 Nguyễn Huệ)','카페 아파트 (Chung cư cà phê 42 Nguyễn Huệ)','カフェアパート (Chung cư cà phê 42 Nguyễn Huệ)',
 '1960年代的公寓楼，变身为满是小咖啡馆和小店的垂直村落。','1960년대 아파트가 작은 카페와 상점이 모인 수직 마을로 변신했습니다.','1960年代のアパートが、小さなカフェや店が集まる縦の村に生まれ変わりました。'),
('lusine-dong-khoi','L''Usine 同起店 (L''Usine Đồng Khởi)','루진 동커이 (L''Usine Đồng Khởi)','ルージン・ドンコイ店 (L''Usine Đồng Khởi)',
 '藏身同起街旁殖民时期建筑里的咖啡馆、面包房和设计品店。','동커이 거리 옆 식민지 시대 건물에 숨은 카페, 베이커리 겸 디자인 숍.','ドンコイ通り脇のコロニアル建築に隠れたカフェ、ベーカリー、デザインショップ。'),
('okkio-caffe','Okkio 咖啡 (Okkio Caffe)','오키오 카페 (Okkio Caffe)','オッキオ・カフェ (Okkio Caffe)',
 '藏在黎利街旁通道内的明亮咖啡馆，自家烘焙咖啡豆。','레러이 거리 옆 통로 안에 자리한, 직접 원두를 볶는 밝은 카페.','レロイ通り脇のパッサージュにある、自家焙煎の明るいカフェ。'),
('shin-coffee','Shin 咖啡 (Shin Coffee)','신 커피 (Shin Coffee)','シン・コーヒー (Shin Coffee)',
 '第三波咖啡馆，供应越南种植的阿拉比卡和冷萃咖啡。','베트남산 아라비카와 콜드브루를 내는 서드 웨이브 카페.','ベトナム産アラビカとコールドブリューを出すサードウェーブ系カフェ。'),
('runam-bistro','RuNam 咖啡馆 (Café RuNam Bistro)','카페 루남 비스트로 (Café RuNam Bistro)','カフェ・ルナム・ビストロ (Café RuNam Bistro)',
 '同起街上的优雅咖啡馆，品尝越南滴漏咖啡和越南甜品。','동커이 거리의 우아한 카페. 핀 드립 커피와 베트남 디저트를 즐겨 보세요.','ドンコイ通りの優雅なカフェ。フィン (ベトナム式ドリップ) コーヒーとベトナムのスイーツを。'),
('saigon-centre-takashimaya','西贡中心 (高岛屋, Saigon Centre)','사이공 센터 (다카시마야, Saigon Centre)','サイゴン・センター (高島屋, Saigon Centre)',
 '高档购物中心，内有高岛屋百货和地下美食广场。','다카시마야 백화점과 지하 푸드홀이 있는 고급 쇼핑몰.','高島屋と地下のフードホールが入る高級ショッピングモール。'),
('vincom-center-dong-khoi','同起 Vincom 购物中心 (Vincom Center Đồng Khởi)','빈컴 센터 동커이 (Vincom Center Đồng Khởi)','ヴィンコム・センター・ドンコイ (Vincom Center Đồng Khởi)',
 '市中心的购物中心，有国际品牌、电影院和餐厅。','국제 브랜드, 영화관, 레스토랑이 있는 도심 쇼핑몰.','海外ブランド、映画館、レストランが入る中心部のショッピングモール。'),
('saigon-square','西贡广场 (Saigon Square)','사이공 스퀘어 (Saigon Square)','サイゴン・スクエア (Saigon Square)',
 '平价服装、箱包和电子产品市场，记得讲价。','옷, 가방, 전자제품을 싸게 파는 시장. 흥정은 필수입니다.','服、バッグ、電子機器が安く買える市場。値段交渉が前提です。'),
('dan-sinh-market','民生市场 (Chợ Dân Sinh)','전쟁 물품 시장 (Chợ Dân Sinh)','ザンシン市場 (Chợ Dân Sinh)',
 '人称"战争剩余物资市场"：军用品、工具和各种稀奇玩意。','"전쟁 물자 시장"으로 불리는 곳: 군용품, 공구와 신기한 물건들.','「戦争放出品市場」と呼ばれる市場。軍用品、工具、珍品が並びます。'),
('tan-dinh-market','新定市场 (Chợ Tân Định)','떤딘 시장 (Chợ Tân Định)','タンディン市場 (Chợ Tân Định)',
 '粉红教堂旁的街坊市场，以布料和裁缝闻名。','핑크 성당 옆 동네 시장으로, 원단과 맞춤 양복으로 유명합니다.','ピンク教会の隣にある地元の市場。布地と仕立てで知られています。'),
('ho-thi-ky-flower-market','胡氏己花市 (Chợ hoa Hồ Thị Kỷ)','호티끼 꽃시장 (Chợ hoa Hồ Thị Kỷ)','ホーティキー花市場 (Chợ hoa Hồ Thị Kỷ)',
 '满是鲜花批发摊的小巷，入夜后变成街头美食巷。','꽃 도매 노점이 늘어선 골목으로, 밤이면 길거리 음식 골목으로 바뀝니다.','花の卸売屋台が並ぶ路地。夜は屋台グルメの路地に変わります。'),
('miu-miu-spa','Miu Miu 水疗 (Miu Miu Spa)','미우미우 스파 (Miu Miu Spa)','ミウミウ・スパ (Miu Miu Spa)',
 '亲切实惠的水疗店，提供足部按摩和热石疗程。','발 마사지와 핫스톤 테라피를 합리적인 가격에 받을 수 있는 친절한 스파.','足マッサージやホットストーンが手頃な値段で受けられる、親切なスパ。'),
('golden-lotus-spa','金莲花水疗按摩 (Golden Lotus Spa & Massage)','골든 로터스 스파 (Golden Lotus Spa & Massage)','ゴールデン・ロータス・スパ (Golden Lotus Spa & Massage)',
 '滨城市场附近的传统越南按摩和草药浴。','벤탄 시장 근처의 전통 베트남 마사지와 허브 목욕.','ベンタイン市場近くの伝統的なベトナム式マッサージと薬草風呂。'),
('temple-leaf-spa','Temple Leaf 水疗 (Temple Leaf Spa)','템플 리프 스파 (Temple Leaf Spa)','テンプル・リーフ・スパ (Temple Leaf Spa)',
 '靠近河边的宁静日间水疗，提供芳香疗法和双人房。','강 가까이에 있는 조용한 데이 스파. 아로마 테라피와 커플룸이 있습니다.','川の近くにある落ち着いたデイスパ。アロマセラピーとカップルルームあり。'),
('saigon-waterbus','西贡水上巴士 (白藤站, Buýt đường sông Bạch Đằng)','사이공 수상버스 (박당 선착장, Buýt đường sông Bạch Đằng)','サイゴン水上バス (バクダン乗り場, Buýt đường sông Bạch Đằng)',
 '开往守德的河上巴士：便宜、凉爽，还能欣赏城市天际线。','투득으로 가는 수상버스: 저렴하고 시원하며 스카이라인 전망이 훌륭합니다.','トゥードゥック行きの水上バス。安くて風が心地よく、高層ビル群の眺めも抜群です。'),
('cu-chi-tunnels','古芝地道 (滨亭, Địa đạo Củ Chi)','구찌 터널 (벤딘, Địa đạo Củ Chi)','クチトンネル (ベンディン, Địa đạo Củ Chi)',
 '半日游探访战时地道网络，可亲自爬行一段。','전쟁 당시의 땅굴을 찾는 반나절 여행. 직접 한 구간을 기어가 볼 수 있습니다.','戦時中の地下トンネル網を訪ねる半日ツアー。一部を自分で這って進めます。'),
('nha-rong-wharf','龙屋码头 (胡志明博物馆, Bến Nhà Rồng)','냐롱 부두 (호찌민 박물관, Bến Nhà Rồng)','ニャロン埠頭 (ホーチミン博物館, Bến Nhà Rồng)',
 '1860年代的海关大楼，胡志明于1911年从这里离开越南。','호찌민이 1911년 베트남을 떠난 1860년대의 세관 건물.','ホー・チ・ミンが1911年にベトナムを旅立った、1860年代の旧税関。'),
('vespa-adventures','Vespa 摩托之旅 (Vespa Adventures)','베스파 어드벤처 (Vespa Adventures)','ベスパ・アドベンチャーズ (Vespa Adventures)',
 '坐在复古Vespa后座，畅游夜间美食和夜生活。','빈티지 베스파 뒷좌석에 타고 떠나는 저녁 미식·나이트라이프 투어.','ヴィンテージのベスパの後ろに乗って巡る、夜のグルメとナイトライフのツアー。'),
('mekong-delta-day-trip','湄公河三角洲一日游 (Tour miền Tây, The Sinh Tourist)','메콩 델타 당일 투어 (Tour miền Tây, The Sinh Tourist)','メコンデルタ日帰りツアー (Tour miền Tây, The Sinh Tourist)',
 '美萩和槟椥的游船、椰子糖和果园，从第一郡出发。','미토와 벤째에서 보트, 코코넛 사탕, 과수원을 즐기는 투어. 1군에서 출발합니다.','ミトーとベンチェーで小舟、ココナッツキャンディ、果樹園を楽しむツアー。1区発。'),
('tan-son-nhat-airport','新山一国际机场 (Sân bay Quốc tế Tân Sơn Nhất)','떤선녓 국제공항 (Sân bay Quốc tế Tân Sơn Nhất)','タンソンニャット国際空港 (Sân bay Quốc tế Tân Sơn Nhất)',
 '城市机场，距第一郡30至60分钟 (视交通而定)；109路巴士直达滨城。','시내 공항. 교통 상황에 따라 1군까지 30~60분이며, 109번 버스가 벤탄까지 갑니다.','市内の空港。1区まで交通状況により30〜60分。109番バスがベンタインまで走ります。'),
('ben-thanh-metro-station','滨城地铁站 (Ga metro Bến Thành)','벤탄 지하철역 (Ga metro Bến Thành)','ベンタイン駅 メトロ (Ga metro Bến Thành)',
 '地铁1号线的终点站，开往守德和仙泉方向。','투득, 수오이띠엔 방면 지하철 1호선의 종점.','トゥードゥック、スイティエン方面へ向かうメトロ1号線の始発駅。'),
('saigon-railway-station','西贡火车站 (Ga Sài Gòn)','사이공역 (Ga Sài Gòn)','サイゴン駅 (Ga Sài Gòn)',
 '统一号列车由此北上芽庄、岘港和河内。','냐짱, 다낭, 하노이로 북상하는 통일 열차의 출발역.','ニャチャン、ダナン、ハノイへ北上する統一鉄道の発着駅。'),
('dam-sen-park','潭森公园 (Công viên Văn hóa Đầm Sen)','담센 공원 (Công viên Văn hóa Đầm Sen)','ダムセン公園 (Công viên Văn hóa Đầm Sen)',
 '有游乐设施和花园的游乐园，隔壁还有水上乐园。','놀이기구와 정원이 있는 놀이공원으로, 옆에 워터파크도 있습니다.','乗り物と庭園のある遊園地。隣にはウォーターパークもあります。'),
('suoi-tien-theme-park','仙泉乐园 (Khu du lịch Suối Tiên)','수오이띠엔 테마파크 (Khu du lịch Suối Tiên)','スイティエン・テーマパーク (Khu du lịch Suối Tiên)',
 '以佛教传说为主题的缤纷乐园，有巨大的海水泳池；地铁1号线终点。','불교 전설을 주제로 한 화려한 테마파크로, 거대한 해수 풀이 있습니다. 지하철 1호선 종점.','仏教の伝説をテーマにしたカラフルな遊園地。巨大な海水プールがあり、メトロ1号線の終点です。'),
('fito-museum','FITO 传统医药博物馆 (Bảo tàng Y học cổ truyền FITO)','FITO 전통의학 박물관 (Bảo tàng Y học cổ truyền FITO)','FITO伝統医学博物館 (Bảo tàng Y học cổ truyền FITO)',
 '精美的木屋，展示越南数百年的草药医学。','수백 년에 걸친 베트남 약초 의학을 보여 주는 아름다운 목조 가옥.','何世紀にもわたるベトナムの薬草医学を紹介する美しい木造家屋。'),
('can-gio-mangrove-forest','芹蒢红树林 (Rừng ngập mặn Cần Giờ)','껀저 맹그로브 숲 (Rừng ngập mặn Cần Giờ)','カンザー・マングローブ林 (Rừng ngập mặn Cần Giờ)',
 '联合国教科文组织生物圈保护区，有红树林和猴子；乘车加渡轮的一日游。','맹그로브와 원숭이가 있는 유네스코 생물권 보전지역. 차와 페리로 가는 당일 여행.','マングローブとサルのユネスコ生物圏保存地域。車とフェリーで行く日帰り旅行。'),
('bach-dang-wharf-park','白藤码头公园 (Công viên Bến Bạch Đằng)','박당 부두 공원 (Công viên Bến Bạch Đằng)','バクダン埠頭公園 (Công viên Bến Bạch Đằng)',
 '河畔步道，日落时可眺望对岸的守添。','강변 산책로. 해 질 녘 건너편 투티엠을 바라보기 좋습니다.','川沿いの遊歩道。夕暮れ時に対岸のトゥーティエムを眺められます。'),
('le-van-tam-park','Lê Văn Tám 公园 (Công viên Lê Văn Tám)','레반땀 공원 (Công viên Lê Văn Tám)','レヴァンタム公園 (Công viên Lê Văn Tám)',
 '绿荫公园，深受跑步者、羽毛球爱好者和家庭喜爱。','조깅하는 사람, 배드민턴 동호인, 가족들에게 인기 있는 그늘진 공원.','ジョギングやバドミントンをする人、家族連れに人気の木陰の公園。'),
('gia-dinh-park','嘉定公园 (Công viên Gia Định)','자딘 공원 (Công viên Gia Định)','ザーディン公園 (Công viên Gia Định)',
 '靠近机场、有湖泊的大型绿地公园，适合登机前散步。','공항 근처의 호수가 있는 넓은 공원. 비행 전에 들르기 좋습니다.','空港近くの湖のある広い公園。フライト前のひと休みに最適です。'),
('fv-hospital','FV 医院 (Bệnh viện FV)','FV 병원 (Bệnh viện FV)','FV病院 (Bệnh viện FV)',
 '国际医院，有会说英语和法语的医生，24小时急诊。','영어와 프랑스어를 하는 의사가 있고 24시간 응급실을 운영하는 국제 병원.','英語とフランス語を話す医師がいる国際病院。24時間救急対応。'),
('ha-tam-currency-exchange','Hà Tâm 金店 外币兑换 (Tiệm vàng Hà Tâm)','하땀 금은방 환전소 (Tiệm vàng Hà Tâm)','ハータム金店 両替 (Tiệm vàng Hà Tâm)',
 '以汇率公道闻名的金店，靠近滨城市场。','환율이 좋기로 유명한 금은방으로, 벤탄 시장 근처에 있습니다.','レートが良いことで知られる金店。ベンタイン市場の近くです。'),
('tourist-information-center','旅游信息中心 (Trung tâm Thông tin Du lịch)','관광 안내 센터 (Trung tâm Thông tin Du lịch)','観光案内所 (Trung tâm Thông tin Du lịch)',
 '阮惠街上，提供免费地图、行程建议和活动信息。','응우옌후에 거리에서 무료 지도, 투어 조언과 행사 정보를 제공합니다.','グエンフエ通りにあり、無料の地図、ツアーの相談、イベント情報を提供しています。'),
('xa-loi-pagoda','舍利寺 (Chùa Xá Lợi)','사리사 (Chùa Xá Lợi)','舎利寺 (Chùa Xá Lợi)',
 '1950年代宁静的佛教寺庙，有一座七层钟楼。','7층 종탑이 있는 1950년대의 고요한 불교 사원.','七層の鐘楼がある、1950年代建立の静かな仏教寺院。'),
('giac-lam-pagoda','觉林寺 (Chùa Giác Lâm)','각림사 (Chùa Giác Lâm)','覚林寺 (Chùa Giác Lâm)',
 '城里最古老的寺庙 (1744年)，有数十尊菠萝蜜木雕像。','시내에서 가장 오래된 사원(1744년)으로, 잭프루트 나무로 조각한 불상 수십 점이 있습니다.','市内最古の寺院 (1744年)。ジャックフルーツの木を彫った仏像が数十体あります。');

-- Completeness is checked by tests/database/25_content_languages.test.ts.
update public.activities a
set title = a.title || jsonb_build_object('zh', c.t_zh, 'ko', c.t_ko, 'ja', c.t_ja),
    description = a.description || jsonb_build_object('zh', c.d_zh, 'ko', c.d_ko, 'ja', c.d_ja)
from seed_places_cjk c
where a.customer_id = 'ho-chi-minh-city' and a.slug = c.slug;

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
    guest_offer = jsonb_build_object('en', p.offer_en, 'vi', p.offer_vi, 'fr', p.offer_fr, 'zh', p.offer_zh, 'ko', p.offer_ko, 'ja', p.offer_ja)
from (values
  ('pasteur-street-brewing', 0.100, '+84 28 3823 9562', 'Free tasting flight with your first pint for Riverside guests', 'Miễn phí khay nếm thử bia khi gọi ly đầu tiên dành cho khách Riverside', 'Planche de dégustation offerte avec votre première pinte pour les clients du Riverside',
   '本酒店住客点第一杯啤酒即送品鉴套装', '호텔 투숙객은 첫 잔 주문 시 시음 세트 무료', '当ホテルの宿泊者は最初の1杯で飲み比べセット無料'),
  ('secret-garden', 0.120, '+84 90 990 4621', '10% off your bill for Riverside guests', 'Giảm 10% hóa đơn cho khách Riverside', '10 % de réduction sur l''addition pour les clients du Riverside',
   '本酒店住客账单九折', '호텔 투숙객 계산서 10% 할인', '当ホテルの宿泊者はお会計が10%オフ'),
  ('miu-miu-spa', 0.150, '+84 28 6679 7979', '15% off any massage of 60 minutes or more', 'Giảm 15% cho mọi liệu trình massage từ 60 phút', '15 % de réduction sur tout massage de 60 minutes ou plus',
   '60分钟及以上的按摩一律八五折', '60분 이상 모든 마사지 15% 할인', '60分以上のマッサージがすべて15%オフ'),
  ('vespa-adventures', 0.200, '+84 122 299 3585', 'Free welcome drink and photo pack on evening tours', 'Tặng đồ uống chào mừng và bộ ảnh cho tour buổi tối', 'Boisson de bienvenue et photos offertes pour les circuits du soir',
   '夜间游赠送欢迎饮品和照片套装', '저녁 투어 시 웰컴 드링크와 사진 패키지 무료', '夜のツアーでウェルカムドリンクと写真セットをプレゼント'),
  ('lusine-dong-khoi', 0.080, '+84 28 6674 9565', 'A free pastry with every coffee before 11:00', 'Tặng một bánh ngọt cho mỗi ly cà phê trước 11:00', 'Une viennoiserie offerte avec chaque café avant 11 h',
   '11:00前每杯咖啡赠送一份糕点', '11:00 전 커피 한 잔마다 페이스트리 하나 무료', '11:00までコーヒー1杯ごとにペストリーを1つプレゼント'),
  ('mekong-delta-day-trip', 0.150, '+84 28 3838 9593', '10% off the Mekong day trip, hotel pick-up included', 'Giảm 10% tour miền Tây, đón tại khách sạn', '10 % de réduction sur l''excursion au Mékong, prise en charge à l''hôtel',
   '湄公河一日游九折，含酒店接送', '메콩 당일 투어 10% 할인, 호텔 픽업 포함', 'メコン日帰りツアーが10%オフ、ホテル送迎付き'),
  ('saigon-saigon-rooftop-bar', 0.100, '+84 28 3823 4999', 'Happy-hour prices all evening for Riverside guests', 'Giá giờ vàng cả buổi tối cho khách Riverside', 'Prix happy hour toute la soirée pour les clients du Riverside',
   '本酒店住客整晚享受欢乐时光价格', '호텔 투숙객은 저녁 내내 해피아워 가격', '当ホテルの宿泊者は一晩中ハッピーアワー価格')
) as p(slug, rate, phone, offer_en, offer_vi, offer_fr, offer_zh, offer_ko, offer_ja)
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

-- Addresses after the 2025 reform (issue 43; docs/addresses.md): street, new ward (official code in vn_wards) and the
-- old ward and district beside it, for every place of the two cities and the hotels' copies of them. Derived from
-- the old ward by vn_wards.old_units where that old ward went whole into one new ward; where it was split (or the
-- address named no ward) the ward was chosen by hand from the place's position and needs_review says a person
-- still has to confirm it. Tân Định Church: its old "Phường 8, Quận 3" became Phường Võ Thị Sáu in 2020, now
-- Phường Xuân Hòa (not Tân Định).
create temporary table seed_addresses (city text, slug text, street text, old_ward text, old_district text, ward_code text, needs_review boolean);
insert into seed_addresses values
('ho-chi-minh-city','notre-dame-cathedral','01 Công xã Paris','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','central-post-office','02 Công xã Paris','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','independence-palace','135 Nam Kỳ Khởi Nghĩa','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','ben-thanh-market','Chợ Bến Thành, Lê Lợi','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','war-remnants-museum','28 Võ Văn Tần','Phường Võ Thị Sáu','Quận 3','27139',false),
('ho-chi-minh-city','saigon-opera-house','07 Công trường Lam Sơn','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','city-hall','86 Lê Thánh Tôn','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','nguyen-hue-walking-street','Phố đi bộ Nguyễn Huệ','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','saigon-skydeck','36 Hồ Tùng Mậu','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','landmark-81-skyview','720A Điện Biên Phủ','Phường 22','Quận Bình Thạnh','26956',false),
('ho-chi-minh-city','jade-emperor-pagoda','73 Mai Thị Lựu','Phường Đa Kao','Quận 1','26737',true),
('ho-chi-minh-city','thien-hau-temple','710 Nguyễn Trãi','Phường 11','Quận 5','27343',false),
('ho-chi-minh-city','binh-tay-market','57A Tháp Mười','Phường 2','Quận 6','27367',false),
('ho-chi-minh-city','fine-arts-museum','97A Phó Đức Chính','Phường Nguyễn Thái Bình','Quận 1','26743',true),
('ho-chi-minh-city','city-museum','65 Lý Tự Trọng','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','history-museum','02 Nguyễn Bỉnh Khiêm','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','saigon-zoo','2B Nguyễn Bỉnh Khiêm','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','tao-dan-park','Công viên Tao Đàn, Trương Định','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','september-23-park','Công viên 23/9','Phường Phạm Ngũ Lão','Quận 1','26743',false),
('ho-chi-minh-city','book-street','Đường sách Nguyễn Văn Bình','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','tan-dinh-church','289 Hai Bà Trưng','Phường Võ Thị Sáu','Quận 3','27139',false),
('ho-chi-minh-city','bui-vien-walking-street','Phố đi bộ Bùi Viện','Phường Phạm Ngũ Lão','Quận 1','26743',false),
('ho-chi-minh-city','saigon-saigon-rooftop-bar','19-23 Công trường Lam Sơn','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','chill-skybar','76A Lê Lai','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','social-club-rooftop','76-78 Nguyễn Thị Minh Khai','Phường Võ Thị Sáu','Quận 3','27139',false),
('ho-chi-minh-city','pasteur-street-brewing','144/3 Pasteur','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','broma-not-a-bar','41 Nguyễn Huệ','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','apocalypse-now','2C Thi Sách','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','pho-hoa-pasteur','260C Pasteur','Phường Võ Thị Sáu','Quận 3','27139',false),
('ho-chi-minh-city','banh-mi-huynh-hoa','26 Lê Thị Riêng','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','com-tam-ba-ghien','84 Đặng Văn Ngữ','Phường 10','Quận Phú Nhuận','27073',false),
('ho-chi-minh-city','quan-an-ngon','160 Pasteur','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','secret-garden','158 Pasteur (sân thượng)','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','hum-vegetarian','32 Võ Văn Tần','Phường Võ Thị Sáu','Quận 3','27139',false),
('ho-chi-minh-city','banh-xeo-46a','46A Đinh Công Tráng','Phường Tân Định','Quận 1','26737',false),
('ho-chi-minh-city','oc-dao','212B/C79 Nguyễn Trãi','Phường Nguyễn Cư Trinh','Quận 1','26758',false),
('ho-chi-minh-city','ben-thanh-street-food-market','26-28 Thủ Khoa Huân','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','pho-le','413-415 Nguyễn Trãi','Phường 7','Quận 5','27316',false),
('ho-chi-minh-city','anan-saigon','89 Tôn Thất Đạm','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','the-workshop-coffee','27 Ngô Đức Kế (lầu 2)','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','cafe-apartments','42 Nguyễn Huệ','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','lusine-dong-khoi','151/1 Đồng Khởi','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','okkio-caffe','120-122 Lê Lợi','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','shin-coffee','18 Hồ Huấn Nghiệp','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','runam-bistro','38 Đồng Khởi','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','saigon-centre-takashimaya','65 Lê Lợi','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','vincom-center-dong-khoi','72 Lê Thánh Tôn','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','saigon-square','77-89 Nam Kỳ Khởi Nghĩa','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','dan-sinh-market','104 Yersin','Phường Nguyễn Thái Bình','Quận 1','26743',true),
('ho-chi-minh-city','tan-dinh-market','Chợ Tân Định, Hai Bà Trưng','Phường Tân Định','Quận 1','26737',false),
('ho-chi-minh-city','ho-thi-ky-flower-market','Chợ hoa Hồ Thị Kỷ','Phường 1','Quận 10','27190',false),
('ho-chi-minh-city','miu-miu-spa','2B Chu Mạnh Trinh','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','golden-lotus-spa','15 Thủ Khoa Huân','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','temple-leaf-spa','74 Hai Bà Trưng','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','saigon-waterbus','10B Tôn Đức Thắng','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','cu-chi-tunnels','Địa đạo Bến Đình','Xã Nhuận Đức','Huyện Củ Chi','27511',false),
('ho-chi-minh-city','nha-rong-wharf','01 Nguyễn Tất Thành','Phường 13','Quận 4','27259',false),
('ho-chi-minh-city','vespa-adventures','169A Đề Thám','Phường Cô Giang','Quận 1','26758',false),
('ho-chi-minh-city','mekong-delta-day-trip','246-248 Đề Thám','Phường Phạm Ngũ Lão','Quận 1','26743',false),
('ho-chi-minh-city','tan-son-nhat-airport','Trường Sơn','Phường 2','Quận Tân Bình','26977',false),
('ho-chi-minh-city','ben-thanh-metro-station','Ga Bến Thành, Công trường Quách Thị Trang','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','saigon-railway-station','01 Nguyễn Thông','Phường 9','Quận 3','27142',false),
('ho-chi-minh-city','dam-sen-park','03 Hòa Bình','Phường 3','Quận 11','27232',false),
('ho-chi-minh-city','suoi-tien-theme-park','120 Xa lộ Hà Nội','Phường Tân Phú','Thành phố Thủ Đức','26842',false),
('ho-chi-minh-city','fito-museum','41 Hoàng Dư Khương','Phường 12','Quận 10','27163',false),
('ho-chi-minh-city','can-gio-mangrove-forest','Khu du lịch Vàm Sát','Xã Lý Nhơn','Huyện Cần Giờ','27673',false),
('ho-chi-minh-city','bach-dang-wharf-park','Công viên Bến Bạch Đằng, Tôn Đức Thắng','Phường Bến Nghé','Quận 1','26740',false),
('ho-chi-minh-city','le-van-tam-park','Công viên Lê Văn Tám, Hai Bà Trưng','Phường Đa Kao','Quận 1','26737',true),
('ho-chi-minh-city','gia-dinh-park','Công viên Gia Định, Hoàng Minh Giám','Phường 3','Quận Gò Vấp','26890',false),
('ho-chi-minh-city','fv-hospital','06 Nguyễn Lương Bằng','Phường Tân Phú','Quận 7','27487',false),
('ho-chi-minh-city','ha-tam-currency-exchange','02 Nguyễn An Ninh','Phường Bến Thành','Quận 1','26743',false),
('ho-chi-minh-city','tourist-information-center','92-96 Nguyễn Huệ','Phường Hàng Trống','Quận Hoàn Kiếm','00070',false),
('ho-chi-minh-city','xa-loi-pagoda','89 Bà Huyện Thanh Quan','Phường Võ Thị Sáu','Quận 3','27139',false),
('ho-chi-minh-city','giac-lam-pagoda','565 Lạc Long Quân','Phường 10','Quận Tân Bình','26983',false),
('hanoi','hoan-kiem-lake','Hồ Hoàn Kiếm','Phường Hàng Trống','Quận Hoàn Kiếm','00070',false),
('hanoi','ngoc-son-temple','Đinh Tiên Hoàng','Phường Hàng Trống','Quận Hoàn Kiếm','00070',false),
('hanoi','temple-of-literature','58 Quốc Tử Giám','Phường Văn Miếu Quốc Tử Giám','Quận Đống Đa','00226',true),
('hanoi','ho-chi-minh-mausoleum','02 Hùng Vương','Phường Điện Biên','Quận Ba Đình','00004',false),
('hanoi','one-pillar-pagoda','Chùa Một Cột','Phường Đội Cấn','Quận Ba Đình','00004',false),
('hanoi','hoa-lo-prison','01 Hỏa Lò','Phường Trần Hưng Đạo','Quận Hoàn Kiếm','00082',false),
('hanoi','st-josephs-cathedral','40 Nhà Chung','Phường Hàng Trống','Quận Hoàn Kiếm','00070',false),
('hanoi','hanoi-opera-house','01 Tràng Tiền','Phường Phan Chu Trinh','Quận Hoàn Kiếm','00082',false),
('hanoi','dong-xuan-market','Chợ Đồng Xuân','Phường Đồng Xuân','Quận Hoàn Kiếm','00070',false),
('hanoi','tran-quoc-pagoda','Đường Thanh Niên','Phường Yên Phụ','Quận Tây Hồ','00103',true),
('hanoi','west-lake','Hồ Tây','Phường Quảng An','Quận Tây Hồ','00103',true),
('hanoi','museum-of-ethnology','Nguyễn Văn Huyên','Phường Nghĩa Đô','Quận Cầu Giấy','00160',true),
('hanoi','thang-long-citadel','19C Hoàng Diệu','Phường Điện Biên','Quận Ba Đình','00004',false),
('hanoi','thang-long-water-puppet-theatre','57B Đinh Tiên Hoàng','Phường Hàng Bạc','Quận Hoàn Kiếm','00070',false),
('hanoi','train-street','Phùng Hưng','Phường Hàng Mã','Quận Hoàn Kiếm','00070',false),
('hanoi','long-bien-bridge','Cầu Long Biên','Phường Phúc Xá','Quận Ba Đình','00097',true),
('hanoi','bun-cha-huong-lien','24 Lê Văn Hưu','Phường Phạm Đình Hổ','Quận Hai Bà Trưng','00256',true),
('hanoi','pho-bat-dan','49 Bát Đàn','Phường Cửa Đông','Quận Hoàn Kiếm','00070',true),
('hanoi','cha-ca-thang-long','21-31 Đường Thành','Phường Cửa Đông','Quận Hoàn Kiếm','00070',true),
('hanoi','cafe-giang','39 Nguyễn Hữu Huân','Phường Lý Thái Tổ','Quận Hoàn Kiếm','00070',false),
('hanoi','cafe-dinh','13 Đinh Tiên Hoàng (tầng 2)','Phường Hàng Bạc','Quận Hoàn Kiếm','00070',false),
('hanoi','hanoi-social-club','06 Hội Vũ','Phường Hàng Bông','Quận Hoàn Kiếm','00070',true),
('hanoi','ta-hien-beer-street','Phố Tạ Hiện','Phường Hàng Buồm','Quận Hoàn Kiếm','00070',false),
('hanoi','weekend-night-market','Phố Hàng Đào','Phường Hàng Đào','Quận Hoàn Kiếm','00070',false),
('hanoi','hang-gai-silk-street','Phố Hàng Gai','Phường Hàng Gai','Quận Hoàn Kiếm','00070',false),
('hanoi','womens-museum','36 Lý Thường Kiệt','Phường Hàng Bài','Quận Hoàn Kiếm','00082',false),
('hanoi','national-museum-of-history','01 Tràng Tiền','Phường Phan Chu Trinh','Quận Hoàn Kiếm','00082',false),
('hanoi','lotte-observation-deck','54 Liễu Giai','Phường Cống Vị','Quận Ba Đình','00008',true),
('hanoi','hanoi-railway-station','120 Lê Duẩn','Phường Văn Miếu Quốc Tử Giám','Quận Đống Đa','00226',true),
('hanoi','noi-bai-airport','Sân bay Quốc tế Nội Bài','Xã Phú Minh','Huyện Sóc Sơn','00433',true),
('hanoi','thong-nhat-park','Công viên Thống Nhất, Trần Nhân Tông','Phường Lê Đại Hành','Quận Hai Bà Trưng','00256',true),
('hanoi','botanical-garden','03 Hoàng Hoa Thám','Phường Ngọc Hà','Quận Ba Đình','00008',true),
('hanoi','la-siesta-spa','94 Mã Mây','Phường Hàng Buồm','Quận Hoàn Kiếm','00070',false),
('hanoi','heritage-house-ma-may','87 Mã Mây','Phường Hàng Buồm','Quận Hoàn Kiếm','00070',false),
('hanoi','ha-long-bay-cruise','Cảng tàu khách Quốc tế Tuần Châu','Phường Tuần Châu','Thành phố Hạ Long','06706',false),
('hanoi','perfume-pagoda','Chùa Hương','Xã Hương Sơn','Huyện Mỹ Đức','10489',false),
('hanoi','hanoi-french-hospital','01 Phương Mai','Phường Phương Mai','Quận Đống Đa','00229',true),
('hanoi','tourist-information-center','28 Đinh Tiên Hoàng','Phường Hàng Trống','Quận Hoàn Kiếm','00070',false);

update public.activities a
set street = s.street, ward_code = s.ward_code, old_ward = s.old_ward, old_district = s.old_district,
    ward_needs_review = s.needs_review
from seed_addresses s
where a.slug = s.slug
  and s.city = case a.customer_id when 'saigon-riverside-hotel' then 'ho-chi-minh-city' when 'hanoi-old-quarter-inn' then 'hanoi' else a.customer_id end;

-- The hotels (demo addresses at their pins; demo front-desk numbers: the emergency sheet, docs/emergency.md).
update public.customers c
set street = h.street, ward_code = h.ward_code, old_ward = h.old_ward, old_district = h.old_district, phone = h.phone
from (values
  ('saigon-riverside-hotel', '10 Tôn Đức Thắng', '26740', 'Phường Bến Nghé', 'Quận 1', '+84 28 3823 4567'),
  ('hanoi-old-quarter-inn', '25 Hàng Buồm', '00070', 'Phường Hàng Buồm', 'Quận Hoàn Kiếm', '+84 24 3926 1234')
) as h(id, street, ward_code, old_ward, old_district, phone)
where c.id = h.id;

-- Prices in whole đồng (issue 43 item 4; docs/prices.md): a single price (min = max) or a range, on places of
-- Ho Chi Minh City and the hotel's copies of them. Entry tickets as posted in 2025-2026; food and drink as a
-- typical dish or drink; tours per person. 0 = free entry.
update public.activities a
set price_min_vnd = p.min_vnd, price_max_vnd = p.max_vnd
from (values
  ('war-remnants-museum', 40000, 40000),
  ('independence-palace', 65000, 65000),
  ('saigon-skydeck', 200000, 250000),
  ('jade-emperor-pagoda', 0, 0),
  ('cu-chi-tunnels', 125000, 125000),
  ('saigon-waterbus', 15000, 15000),
  ('saigon-opera-house', 700000, 1600000),
  ('pho-hoa-pasteur', 95000, 120000),
  ('banh-mi-huynh-hoa', 75000, 75000),
  ('quan-an-ngon', 60000, 200000),
  ('secret-garden', 80000, 250000),
  ('the-workshop-coffee', 60000, 120000),
  ('lusine-dong-khoi', 60000, 150000),
  ('pasteur-street-brewing', 120000, 180000),
  ('saigon-saigon-rooftop-bar', 180000, 250000),
  ('miu-miu-spa', 450000, 700000),
  ('vespa-adventures', 1900000, 2500000),
  ('mekong-delta-day-trip', 900000, 1500000)
) as p(slug, min_vnd, max_vnd)
where a.customer_id in ('ho-chi-minh-city', 'saigon-riverside-hotel') and a.slug = p.slug;

-- Exchange rates for the guests' estimate: the transfer buying rates of the sample list in Vietcombank's format
-- (supabase/scripts/fixtures/vietcombank-rates.xml; the figures are illustrative), dated the day the seed runs so
-- the demo shows its estimates; the operator replaces them with the bank's list (supabase/scripts/vn-rates.ts).
insert into public.exchange_rates (currency, vnd_per_unit, source, as_of)
select r.currency, r.rate, 'Vietcombank', current_date
from (values
  ('AUD', 17084.22), ('CAD', 18588.74), ('CHF', 32309.29), ('CNY', 3622.24), ('EUR', 30178.18), ('GBP', 34656.07),
  ('HKD', 3323.53), ('JPY', 166.37), ('KRW', 17.82), ('SGD', 20006.23), ('THB', 804.94), ('USD', 26138.00)
) as r(currency, rate);

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

-- What travellers filter by (issue 43 item 5; docs/filters.md): OpenStreetMap-style attributes of the Ho Chi Minh City
-- places and the Riverside's copies of them. Vegetarian: Hum (vegetarian only, vegan dishes), and places with a proper
-- vegetarian choice; the street-food classics (phở, bánh mì, cơm tấm, ốc) have none. Cards where a visitor can
-- really use one; VietQR almost everywhere (street stalls take a bank transfer by QR, not cards); Chinese wallets
-- where Chinese tour groups go.
update public.activities a set attributes = v.attrs::jsonb
from (values
  ('hum-vegetarian', '{"diet:vegetarian":"only","diet:vegan":"yes","diet:gluten_free":"yes","wheelchair":"limited","payment:cards":"yes","payment:contactless":"yes","payment:vietqr":"yes","guestmap:kids":"yes"}'),
  ('secret-garden', '{"diet:vegetarian":"yes","wheelchair":"no","payment:cards":"yes","payment:vietqr":"yes"}'),
  ('quan-an-ngon', '{"diet:vegetarian":"yes","wheelchair":"yes","payment:cards":"yes","payment:contactless":"yes","payment:vietqr":"yes","guestmap:kids":"yes"}'),
  ('the-workshop-coffee', '{"diet:vegetarian":"yes","diet:vegan":"yes","wheelchair":"no","payment:cards":"yes","payment:contactless":"yes","payment:vietqr":"yes"}'),
  ('lusine-dong-khoi', '{"diet:vegetarian":"yes","diet:gluten_free":"yes","wheelchair":"limited","payment:cards":"yes","payment:contactless":"yes","payment:vietqr":"yes","guestmap:kids":"yes"}'),
  ('runam-bistro', '{"diet:vegetarian":"yes","payment:cards":"yes","payment:contactless":"yes","payment:vietqr":"yes","payment:alipay":"yes","payment:wechat":"yes"}'),
  ('ben-thanh-street-food-market', '{"diet:vegetarian":"yes","wheelchair":"yes","payment:vietqr":"yes","guestmap:kids":"yes"}'),
  ('anan-saigon', '{"diet:vegetarian":"no","wheelchair":"no","payment:cards":"yes","payment:contactless":"yes","payment:unionpay":"yes"}'),
  ('pho-hoa-pasteur', '{"diet:vegetarian":"no","payment:cards":"no","payment:vietqr":"yes","guestmap:kids":"yes"}'),
  ('banh-mi-huynh-hoa', '{"diet:vegetarian":"no","payment:cards":"no","payment:vietqr":"yes"}'),
  ('com-tam-ba-ghien', '{"diet:vegetarian":"no","payment:cards":"no","payment:vietqr":"yes"}'),
  ('oc-dao', '{"diet:vegetarian":"no","payment:cards":"no","payment:vietqr":"yes"}'),
  ('cafe-apartments', '{"wheelchair":"no","payment:vietqr":"yes"}'),
  ('ben-thanh-market', '{"wheelchair":"limited","payment:cards":"no","payment:vietqr":"yes","payment:alipay":"yes","payment:wechat":"yes"}'),
  ('saigon-centre-takashimaya', '{"wheelchair":"yes","payment:cards":"yes","payment:contactless":"yes","payment:unionpay":"yes","payment:alipay":"yes","payment:wechat":"yes","guestmap:kids":"yes"}'),
  ('central-post-office', '{"wheelchair":"yes","payment:cards":"yes","payment:vietqr":"yes","guestmap:kids":"yes"}'),
  ('saigon-opera-house', '{"wheelchair":"limited","payment:cards":"yes"}'),
  ('independence-palace', '{"wheelchair":"limited","payment:vietqr":"yes","guestmap:kids":"yes"}'),
  ('war-remnants-museum', '{"wheelchair":"yes","payment:vietqr":"yes"}'),
  ('saigon-skydeck', '{"wheelchair":"yes","payment:cards":"yes","payment:unionpay":"yes","payment:alipay":"yes","payment:wechat":"yes","guestmap:kids":"yes"}'),
  ('landmark-81-skyview', '{"wheelchair":"yes","payment:cards":"yes","payment:contactless":"yes","payment:unionpay":"yes","payment:alipay":"yes","payment:wechat":"yes","guestmap:kids":"yes"}'),
  ('saigon-zoo', '{"wheelchair":"limited","guestmap:kids":"yes"}'),
  ('pasteur-street-brewing', '{"payment:cards":"yes","payment:contactless":"yes","payment:vietqr":"yes"}'),
  ('saigon-saigon-rooftop-bar', '{"wheelchair":"yes","payment:cards":"yes","payment:contactless":"yes","payment:unionpay":"yes"}'),
  ('miu-miu-spa', '{"payment:cards":"yes","payment:vietqr":"yes"}'),
  ('fv-hospital', '{"wheelchair":"yes","payment:cards":"yes","payment:contactless":"yes","payment:unionpay":"yes"}')
) as v(slug, attrs)
where a.customer_id in ('ho-chi-minh-city', 'saigon-riverside-hotel') and a.slug = v.slug;

drop table seed_places, seed_places_cjk, seed_hours, seed_addresses;

-- ════════════════════════════════════════════════════════════════════════════════
-- Rewards (issue 10): a daily scratch card for Saigon Riverside, partner PINs (a 6-digit demo PIN per
-- Riverside partner) and about three months of partner transactions so statements show real figures.
-- The split follows the rounding rule of migration …0800 (its CHECK constraints verify every row).
-- ════════════════════════════════════════════════════════════════════════════════
insert into public.reward_campaigns (id, customer_id, kind, title, active, daily_limit)
values ('00000000-0000-4000-d000-000000000001', 'saigon-riverside-hotel', 'scratch_card',
        '{"en": "Daily scratch card", "vi": "Thẻ cào mỗi ngày", "fr": "Carte à gratter du jour", "zh": "每日刮刮卡", "ko": "오늘의 스크래치 카드", "ja": "今日のスクラッチカード"}', true, 1);

insert into public.reward_prizes (campaign_id, kind, label, points, activity_id, discount_pct, weight, stock, sort_order)
values
  ('00000000-0000-4000-d000-000000000001', 'points', '{"en": "20 points", "vi": "20 điểm", "fr": "20 points", "zh": "20 积分", "ko": "20 포인트", "ja": "20 ポイント"}', 20, null, null, 50, null, 1),
  ('00000000-0000-4000-d000-000000000001', 'points', '{"en": "100 points", "vi": "100 điểm", "fr": "100 points", "zh": "100 积分", "ko": "100 포인트", "ja": "100 ポイント"}', 100, null, null, 10, null, 2),
  ('00000000-0000-4000-d000-000000000001', 'voucher', '{"en": "15% off at Miu Miu Spa", "vi": "Giảm 15% tại Miu Miu Spa", "fr": "15 % de réduction au Miu Miu Spa", "zh": "Miu Miu Spa 八五折", "ko": "Miu Miu Spa 15% 할인", "ja": "Miu Miu Spa 15% オフ"}', null,
   extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa'), 15, 10, 100, 3),
  ('00000000-0000-4000-d000-000000000001', 'nothing', '{"en": "Better luck tomorrow", "vi": "Chúc may mắn lần sau", "fr": "Plus de chance demain", "zh": "明天再来试试运气", "ko": "내일 다시 도전하세요", "ja": "また明日挑戦してください"}', null, null, null, 30, null, 4);

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
        '{"en": "Fortune wheel", "vi": "Vòng quay may mắn", "fr": "Roue de la fortune", "zh": "幸运转盘", "ko": "행운의 룰렛", "ja": "ラッキールーレット"}', true, 3);

insert into public.reward_prizes (id, campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, weight, stock, sort_order)
values
  ('00000000-0000-4000-d000-000000000021', '00000000-0000-4000-d000-000000000002', 'points',
   '{"en": "10 points", "vi": "10 điểm", "fr": "10 points", "zh": "10 积分", "ko": "10 포인트", "ja": "10 ポイント"}', 10, null, null, null, 30, 35, null, 1),
  ('00000000-0000-4000-d000-000000000022', '00000000-0000-4000-d000-000000000002', 'voucher',
   '{"en": "10% off at Secret Garden", "vi": "Giảm 10% tại Secret Garden", "fr": "10 % au Secret Garden", "zh": "Secret Garden 九折", "ko": "Secret Garden 10% 할인", "ja": "Secret Garden 10% オフ"}', null,
   extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/secret-garden'), 10, null, 14, 10, 200, 2),
  ('00000000-0000-4000-d000-000000000023', '00000000-0000-4000-d000-000000000002', 'nothing',
   '{"en": "Try again", "vi": "Thử lại nhé", "fr": "Réessayez", "zh": "再试一次", "ko": "다시 도전", "ja": "もう一度"}', null, null, null, null, 30, 25, null, 3),
  ('00000000-0000-4000-d000-000000000024', '00000000-0000-4000-d000-000000000002', 'points',
   '{"en": "50 points", "vi": "50 điểm", "fr": "50 points", "zh": "50 积分", "ko": "50 포인트", "ja": "50 ポイント"}', 50, null, null, null, 30, 15, null, 4),
  ('00000000-0000-4000-d000-000000000025', '00000000-0000-4000-d000-000000000002', 'voucher',
   '{"en": "Free pastry at L''Usine", "vi": "Bánh ngọt miễn phí tại L''Usine", "fr": "Viennoiserie offerte chez L''Usine", "zh": "L''Usine 免费糕点", "ko": "L''Usine 무료 페이스트리", "ja": "L''Usine のペストリー無料"}', null,
   extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/lusine-dong-khoi'), null,
   '{"en": "A free pastry with your coffee", "vi": "Tặng một bánh ngọt kèm cà phê", "fr": "Une viennoiserie offerte avec votre café", "zh": "点咖啡送一份糕点", "ko": "커피 주문 시 페이스트리 무료", "ja": "コーヒーにペストリーを一つサービス"}', 14, 10, 200, 5),
  ('00000000-0000-4000-d000-000000000026', '00000000-0000-4000-d000-000000000002', 'points',
   '{"en": "200 points", "vi": "200 điểm", "fr": "200 points", "zh": "200 积分", "ko": "200 포인트", "ja": "200 ポイント"}', 200, null, null, null, 30, 5, null, 6);
-- A voucher's value in đồng (docs/prices.md, "Vouchers"): the free pastry is worth 65,000 ₫; a percentage off has none.
update public.reward_prizes set value_min_vnd = 65000, value_max_vnd = 65000 where id = '00000000-0000-4000-d000-000000000025';

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
-- Miu Miu Spa's PIN is its staff's own (chosen by partner@demo.test), so its redemptions are its confirmations;
-- the other partners are onboarding with the demo PINs the hotel set, so their redemptions wait for the partner
-- (issue 41, item 3; docs/settlement.md "The partner's PIN").
update public.partner_pins p set updated_by = '00000000-0000-4000-a000-000000000007', updated_at = now() - interval '149 days'
where p.activity_id = extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa');
update public.partner_pin_changes c
set changed_by = '00000000-0000-4000-a000-000000000007', changed_as = 'partner', changed_at = now() - interval '149 days'
where c.activity_id = extensions.uuid_generate_v5(extensions.uuid_ns_url(), 'saigon-riverside-hotel/miu-miu-spa');

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

-- ─── staff links (docs/staff-links.md) ──────────────────────────────────────────
-- Two of the Riverside's staff with links; the codes are fixed for the demo only (real ones are 128 random bits
-- from create_staff_link): /saigon-riverside-hotel?s=demo-lan-reception-01a
insert into public.staff_links (id, customer_id, name, code, created_by) values
  ('00000000-0000-4000-e000-000000000001', 'saigon-riverside-hotel', 'Lan (reception)', 'demo-lan-reception-01a', '00000000-0000-4000-a000-000000000002'),
  ('00000000-0000-4000-e000-000000000002', 'saigon-riverside-hotel', 'Minh (concierge)', 'demo-minh-concierge-02', '00000000-0000-4000-a000-000000000002');
