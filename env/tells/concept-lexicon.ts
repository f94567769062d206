/**
 * Concept word lists for the learned tells layer: what a word is ABOUT (time, other buyers,
 * firmness, loss, damage…) in English, Roman Hinglish and Devanagari. n-grams only know the
 * phrasings of the corpus; a concept feature lets "airport", "kiraya" or "खरोंच" in a line
 * no template used still count as the idea they carry. Concepts are not signals: the model
 * learns how each concept (and each concept under negation) weighs on each signal.
 *
 * Notation: words separated by spaces; a trailing * matches any word starting so (≥ 4 letters
 * before the star). Entries are folded like message words (text-features.ts), so one spelling
 * of a Hinglish word covers its common variants.
 */
export const CONCEPT_WORDS: Readonly<Record<string, string>> = {
  NEG: "not no nahi nahin nahim nhi nai na never dont don't didnt didn't doesnt doesn't isnt isn't aint cant can't cannot wont won't mat without nothing nobody none zero नहीं नही मत न ना बिना",
  NOW: "now abhi abhee abi aaj aj today todays 2day 2dy tonight tonite turant turrant foran fauran tatkal jhat fatafat immediately immediate instantly instant asap pronto quick quickly fast faster jaldi jldi jaldee jaldii jald hurry hurried rush rushing urgent* urgnt urjent arjent soon shortly straightaway अभी आज तुरंत फ़ौरन फौरन तत्काल जल्दी जल्द शीघ्र फटाफट अर्जेंट sharp jhatpat jaldise waqt shighra झटपट speedy rightaway forthwith hurryup तुरन्त इसी अभीके abhike",
  DEADLINE:
    "till until untill upto tak before ends ending end expires expiry expiring valid deadline closes closing close shutting shut winding lease due minutes minute mins hour hours hr hrs ghanta ghante shaam sham evening tonight tomorrow 2mrw tmrw kal parso subah morning afternoon noon midnight weekend week hafte hafta chance limited तक शाम कल सुबह रात मिनट घंटे घंटा हफ्ते हफ़्ते मौका raat eod cutoff countdown within latest antim अंतिम tithi तिथि expire timer din दिन monday tuesday wednesday thursday friday saturday sunday somvar mangalvar budhvar guruvar shukravar shanivar ravivar सोमवार मंगलवार बुधवार गुरुवार शुक्रवार शनिवार रविवार parson परसों lunch dinner baje बजे sunset month-end monthend season",
  LEAVING:
    "leaving leave moving shifting relocating relocat* transfer transferred posting train flight airport boarding native hometown gaon village abroad visa nikal nikalna nikalta packing wrap wrapping निकलना निकल गाँव शिफ्ट vacating vacate khali khaali tabadla तबादला स्थानांतरण emigrating closing relocation fly flying flights relocate shift shifted jaa jaana jaunga jaaunga जा जाना जाऊँगा जाउंगा shahar शहर bahar बाहर videsh विदेश town move moved movers packers",
  DECIDE:
    "decide deciding decision decided confirm confirmation confrm cnfrm faisla fesla faisala batao btao bolo bataiye revert reply rply respond answer mind settle finalise finalize commit फैसला बताइए बताओ बोलिए बोलो jawab जवाब claim claimed",
  OTHERS:
    "other othr others another anothr someone somebody sum1 some1 anyone else people ppl log logo logon banda bande bnda party parties buyer buyers byr customer customers grahak grahk sajjan bhaisaab bhaisahab gentleman lady guy guys neighbour neighbor cousin person persons dusra doosra dusri doosri dusre doosre everyone everybody लोग दूसरे दूसरा दूसरी ग्राहक साहब आदमी पार्टी khareedar kharidar खरीदार client clients walk visitor visitors kisi किसी bidder bidders dealer dealers collector collectors friend friends dost दोस्त uncle aunty aunti pandit पंडित padosi पड़ोसी पड़ोस padosa neighbours relative relatives rishtedar शौकीन shaukeen enthusiast someone's",
  MANY: "many multiple several kai kayi bahut bohot bahot lots lot plenty ton tons kaafi kafi कई बहुत काफ़ी काफी",
  INTEREST:
    "interested interest intrested asking asked enquiry enquiries inquiry inquiries enquiring messaged messages msgs calls called calling puch pooch puchh poochh puchha poochha waiting queue qeue line lined offered offers token advance bayana booking booked demand popular viewing pending reserved पूछ पूछे बयाना इंतज़ार इंतजार डिमांड response responses dms claims hold deposit maang मांग माँग poochtaach पूछताछ bidding bid bids cart carts wishlist wishlisted dm enquired poocha पूछा पूछी पूछने chahte चाहते want wants wanted eyeing reserve reservation maangi rahe",
  VISIT: "coming come visit look looking see dekhne dekhna aane aayega aaega pick pickup collect देखने आने आएगा",
  SCARCE:
    "last left piece pcs stock remaining bacha bachi bache khatam khtm rare rarely milta milegi milega limited sold selling sells bikta bikne units unit anywhere kahin kahi cakes आखिरी बचा बची खत्म मिलता मिलेगा बिकता बिकने स्टॉक कहीं scarce discontinued restock nayab नायाब durlabh दुर्लभ नग edition soldout gone sirf सिर्फ़ सिर्फ single dobara दोबारा batch exclusive unique बचे",
  FIRM: "fixed fix fixd firm final fnl finl last lowest pakka tay wahi utna jitna stands budge budging hold afraid aakhri akhri aakhiri mrp rate daam dam bhav worth value quality priced lagega lagegi फिक्स फाइनल आखिरी तय पक्का वही उतना जितना दाम रेट लगेगा nishchit निश्चित antim अंतिम set printed msrp bhaav भाव nonnegotiable flat strictly strict ekdaam setting chikchik मोलतोल moltol mol-tol nonnegotiable non-negotiable revised revise",
  REDUCE:
    "less lower low below reduce reducing reduced reduction down discount kam km neeche niche cheaper sasta saste sasti bargain bargn bargaining haggle haggling negotiate negotiable negotiation nego neg mol bhav bhaav molbhav lowball* paisa rupee rupaya rupay rupya concession ghatao कम नीचे सस्ता मोलभाव पैसा रुपया छूट घटाओ rebate chhoot riyayat रियायत counter",
  LOSS: "loss losses losing lose lost ghata ghaata ghate ghaate nuksan nuksaan nukasan cost lagat laagat margin profit munafa kamai kamaunga earn earning gain bachta bachega bachat paid kharida kharidi kharid purchase purchased bought hit breaking covering recover nikalti घाटा घाटे नुकसान नुक़सान लागत मुनाफा कमाई बचता बचेगा खरीद खरीदा निकलती haani हानि मुनाफ़ा breakeven red double dugna दुगना mehenga mehnga महँगा महंगा costlier auction",
  HARDSHIP:
    "rent kiraya kiraaya kiraye fees fee school emi installment kisht loan debt karz karza treatment hospital ilaj ilaaj medical medicine dawai beemari bimari sick operation job naukri jobless unemployed poor garib gareeb family parivar children bacche bachche bacchon baccho kids wife mother father maa majboori majburi majbur zarurat jarurat zaroorat tight hardship struggle struggling crisis bohni bohani halat haalat mushkil dikkat किराया फीस इलाज बीमारी दवाई नौकरी गरीब परिवार बच्चों बच्चे मजबूरी मजबूर ज़रूरत जरूरत बोहनी हालत मुश्किल कर्ज़ कर्ज shaadi marriage funeral tangi तंगी aarthik आर्थिक kharcha खर्चा helpless desperate broke mandi मंदी dhandha धंधा pension पेंशन दवाइयों दवा bimaar बीमार beemar karj guzara gujara गुज़ारा गुजारा bills laid layoff fired widow umar उम्र garmi dhoop धूप",
  APPEAL:
    "please plz pls kindly help kind rehem rahem mercy samjho samjhiye samjhe samajh understand cooperate adjust kripya consider समझिए समझो समझ मदद कृपया daya दया support favour meherbani मेहरबानी",
  NEW: "new brand brandnew sealed seal sel unused unopened unopnd unboxed naya nayi naye nya box packed pack packing plastic fresh mint showroom untouched tags wrapper नया नई नए सील डिब्बा पैकिंग शोरूम पैक bnwt bnib nwt kora कोरा factory taaza taza ताज़ा ताजा tagged intact",
  LIKE_NEW:
    "barely hardly once twice couple months month mahine mahina mnth weeks lyk jaisa jaise excellent spotless perfect pristine neat clean saaf scratchless flawless immaculate superb shining shiny badhiya महीने महीना जैसा साफ़ साफ बढ़िया lightly gently uttam उत्तम mast zabardast",
  WEAR: "scratch scratches scratched scrtch kharoch kharonch mark marks scuff scuffs scuffed dent dents dented chip chipped crack cracked cracks crkd faded fade fading stain stains stained daag dag dhabba rust rusty jang worn wear ghisa ghis ghisi loose dheela dheeli wobbly sticks stuck buzz buzzing noise noisy awaaz aawaz burn burnt phata fata phati toota tuta tooti tuti torn tear broken repair repaired needs bald leak leaking peeling missing issue defect pixel utar weak heats hang hangs खरोंच दाग डेंट क्रैक ढीला घिस फटा फटी टूटा टूटी जंग आवाज़ आवाज उतर कमज़ोर pilling fraying frayed thread hole holes chhed छेद discoloured yellowing yellowed patch patches ghost lag lagging overheat overheating seepage mold warped bent tedha टेढ़ा daraar दरार marammat मरम्मत ghisavat घिसावट puncture rattle squeak squeaks foxing crease creased creases dog-eared dogeared crackle crackles crackling flicker flickers flickering glitch glitches sticky murjha murjhaya मुरझा मुरझाया sada sadi सड़ gal gala gale गल daagi दागी keeda kida कीड़ा dimak deemak दीमक hilta hilti हिलता हिलती wobble snag pull pulled pilled shine hairline scuffing polish पॉलिश uttar उतरा",
  AGE: "old purana purani purane year years yrs yr saal sal used second secondhand owner owners signs preowned owned condition istemal istamal usage chala chalaya driven mileage vintage पुराना पुरानी साल इस्तेमाल चला चलाया km kms kilometre kilometres kilometers varsh वर्ष baras preloved refurbished refurb pre-loved pre-owned openbox open-box grade zamane ज़माने",
  WORKS:
    "working works worked wrkng wrking functional functioning chalta chalti chalu perfectly tested backup health battery btry running runs smooth चलता चलती चालू बैटरी serviced service",
  DEAD: "dead ded junk parts spare spares scrap kabaad kabad kabaar damaged damage water boot power turning charging kharab kharaab khrab khraab faulty defective motor कबाड़ कबाड खराब ख़राब पार्ट्स seize seized shorted bricked brick purze पुर्ज़े पुर्ज़ों पुर्जे nonfunctional non-functional bootloop bootloops loop loops logo jammed jam scrapped irreparable beyond",
  PAPERS:
    "warranty waranty guarantee bill invoice charger original orignal papers rc receipt accessories manual वारंटी बिल चार्जर insurance gaaranti गारंटी",
  CALM: "relax relaxed aaram araam aram tension tensn pressure dabav dabaav zabardasti compulsion whenever leisure think soch sochiye socho worry chinta stress fikar fikr dheere आराम दबाव चिंता सोच सोचिए फ़िक्र धीरे",
  FLEX: "negotiable adjustable discuss discussion talk baat flexible budget kitna kitne kitni reasonable suggest expected expectation slightly बात कितना गुंजाइश obo sambhav संभव uchit उचित prastav प्रस्ताव offers",
  GREET:
    "hi hello hey namaste namaskar hii helo ji sir madam bhai bhaiya bro thanks thank thx shukriya dhanyavad welcome regards dear नमस्ते नमस्कार जी धन्यवाद शुक्रिया",
  QUESTION: "kya kab kaise kahan kaun what when where how which who why whats क्या कब कैसे कहाँ कौन",
  LOGISTICS:
    "location loc pickup delivery metro address pin upi cash gpay paytm venmo photos pic pics video available avlbl number whatsapp parking courier dispatch shipping लोकेशन डिलीवरी पता नंबर फोटो",
};
