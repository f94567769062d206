// Part of the second regional word lists of the v7 concept lexicon (concept-lexicon-v7.ts,
// tells-features/9): written per concept from general knowledge by a helper who read no corpus
// row, then reviewed word by word by another for collisions under the fold (the lines below say
// what the review dropped or moved, and why).
// Review of the Bengali, Malayalam and Tamil regional words (Roman script).
// Dropped (language concept: reason):
// dropped agei (BN DEADLINE): mostly "already/earlier", not deadline
// dropped vitore (BN DEADLINE): mostly spatial "inside"
// dropped bhitore (BN DEADLINE): mostly spatial "inside"
// dropped bidesh (BN LEAVING): matches English "bids"
// dropped bideshe (BN LEAVING): matches English "bids"
// dropped barite (BN LEAVING): "at home", not leaving
// dropped grame (BN LEAVING): matches "gram" (weight unit)
// dropped chhere (BN LEAVING): also "let go" (price), ambiguous
// dropped jabo (BN LEAVING): generic "will go"
// dropped jaitesi (BN LEAVING): generic "going", dialectal
// dropped jaitasi (BN LEAVING): generic "going", dialectal
// dropped oneke (BN OTHERS): matches "onek" (many/very)
// dropped ajosro (BN MANY): literary, sellers would not type
// dropped koyekta (BN MANY): means "a few", not many
// dropped kotogulo (BN MANY): means "how many" question
// dropped agroho (BN INTEREST): matches "agro" (business word)
// dropped agrohi (BN INTEREST): matches "agri" (agri land)
// dropped ektai (BN SCARCE): matches "ekta" (one; name)
// dropped chhar (BN REDUCE): folds to Hindi "char" (four)
// dropped chhaar (BN REDUCE): folds to Hindi "char" (four)
// dropped fosol (BN HARDSHIP): crop, not hardship
// dropped takar (BN MONEY): folds to Hindi "takkar" (clash)
// dropped takata (BN MONEY): matches Hindi "taakat" (power)
// dropped bujhe (BN APPEAL): Hindi "bujhe" (extinguished); generic
// dropped bujhte (BN APPEAL): generic "to understand", not appeal
// dropped tatka (BN NEW): fresh (food), not new item
// dropped taja (BN NEW): Hindi taaza, fresh food
// dropped prayi (BN LIKE_NEW): means "often", not like-new
// dropped praay (BN LIKE_NEW): "almost"; folds to English "pray"
// dropped jong (BN WEAR): matches English "joining"
// dropped bondho (BN DEAD): "closed/switched off"; matches "bond"
// dropped poriborton (BN REPAIR): change/exchange, not repair
// dropped pariborton (BN REPAIR): change/exchange, not repair
// dropped kothao (BN RARITY): "anywhere/somewhere", not rarity
// dropped kothaw (BN RARITY): "anywhere/somewhere", not rarity
// dropped pabenna (BN RARITY): matches "paben" (will get, FIND)
// dropped pabena (BN RARITY): matches "paben" (will get, FIND)
// dropped bikroy (BN DEMAND): "for sale" in every ad; brand
// dropped agey (BN FIRST): Hindi "aage" (ahead) spelling
// dropped ashche (BN ARRIVED): "is coming", not arrived
// dropped asche (BN ARRIVED): "is coming", not arrived
// dropped aschhe (BN ARRIVED): "is coming", not arrived
// dropped jananor (BN DECIDE): rare inflection ("of informing")
// dropped thikkorun (BN DECIDE): also "repair it", ambiguous
// dropped chinta (BN CALM): means worry, not calm
// dropped chintar (BN CALM): means "of worry", not calm
// dropped shanto (BN CALM): common Bengali person name
// dropped venta (ML NEG): matches English "went"; Spanish sale
// dropped patilla (ML NEG): matches Hindi "patla" (thin)
// dropped pattila (ML NEG): matches Hindi "patla" (thin)
// dropped pattulla (ML NEG): matches Hindi "patla" (thin)
// dropped munne (ML DEADLINE): also "in front/earlier"
// dropped ullil (ML DEADLINE): mostly spatial "inside"
// dropped akathu (ML DEADLINE): spatial "inside"
// dropped vaikittu (ML TIME): matches Hindi "waqt" (NOW word)
// dropped vaikeet (ML TIME): matches Hindi "waqt" (NOW word)
// dropped pokunnu (ML LEAVING): generic "going"
// dropped pokuvaanu (ML LEAVING): generic "going"
// dropped pokuva (ML LEAVING): generic "going"
// dropped maarunnu (ML LEAVING): folds onto marunnu; generic "changing"
// dropped gulfilekku (ML LEAVING): place name (Gulf)
// dropped vere (ML OTHERS): folds to English "were"
// dropped verey (ML OTHERS): near-spelling of English "very"
// dropped aaro (ML OTHERS): Bengali "aro" (more)
// dropped vilikkunnu (ML INTEREST): matches vilkunnu (sells)
// dropped ayachu (ML INTEREST): "sent", not interest
// dropped kazhinju (ML SCARCE): also "after/past" (time)
// dropped urappu (ML FIRM): "sure", not fixed price
// dropped urappanu (ML FIRM): "it is sure", not fixed price
// dropped kurach (ML REDUCE): Malayalam "a little", not reduce
// dropped kurachu (ML REDUCE): Malayalam "a little", not reduce
// dropped vangiya (ML LOSS): matches Tamil "vanga" (come)
// dropped vaangiya (ML LOSS): matches Tamil "vanga" (come)
// dropped muthal (ML LOSS): also "from"; Tamil "first"
// dropped muthalmudakku (ML LOSS): investment, not loss
// dropped marunnu (ML HARDSHIP): folds onto maarunnu (changing/moving)
// dropped thuru (ML WEAR): clipped form, not a word
// dropped mangiya (ML WEAR): matches Hindi "maangi" (asked)
// dropped chathu (ML DEAD): "died" (people), ambiguous
// dropped maattan (ML REPAIR): Tamil "maattan" (he won't)
// dropped evideyum (ML RARITY): "anywhere", not rarity
// dropped evidem (ML RARITY): "anywhere", not rarity
// dropped labhyam (ML FIND): formal; matches labham (profit)
// dropped ethunnu (ML ARRIVED): "arriving/reaching", not arrived
// dropped cheyyam (ML FLEX): generic "can do"
// dropped cheyyaam (ML FLEX): generic "can do"
// dropped innaikke (TA NOW): matches English "ink"
// dropped innikke (TA NOW): matches English "ink"
// dropped kullara (TA DEADLINE): spatial "inside"
// dropped munnala (TA DEADLINE): mostly "in front/earlier"
// dropped madhiyam (TA TIME): matches "madam"
// dropped maathuren (TA LEAVING): generic "I will change"
// dropped maathuraen (TA LEAVING): generic "I will change"
// dropped vere (TA OTHERS): folds to English "were"
// dropped virumbam (TA INTEREST): not a real form (viruppam)
// dropped maarathu (TA FIRM): matches English "mart"
// dropped maaraathu (TA FIRM): matches English "mart"
// dropped urudhi (TA FIRM): "sure", not fixed price
// dropped uruthi (TA FIRM): "sure", not fixed price
// dropped vaangiya (TA LOSS): matches Tamil "vanga" (come)
// dropped vellam (TA HARDSHIP): Malayalam "water"
// dropped vilaichal (TA HARDSHIP): harvest, not hardship
// dropped panatha (TA MONEY): matches "pant" (clothing)
// dropped kirchal (TA WEAR): doubtful form for scratch
// dropped palasu (TA AGE): matches "pls" (please)
// dropped palasaa (TA AGE): matches "pls" (please)
// dropped maathikonga (TA REPAIR): generic "change it"
// dropped engayum (TA RARITY): "anywhere", not rarity
// dropped engeyum (TA RARITY): "anywhere", not rarity
// dropped arithu (TA RARITY): matches English "art"
// dropped thevai (TA DEMAND): "need", not demand
// dropped muthalla (TA FIRST): matches muthal ("from"; ML capital)
// dropped muthal (TA FIRST): mostly "from" (time)
// dropped vanthathu (TA ARRIVED): matches English "want"
// dropped kavalai (TA CALM): means worry, not calm
// dropped pannikalam (TA FLEX): generic "can do"
// dropped pannikalaam (TA FLEX): generic "can do"
// Moved: none.

export const EXTRA_BN: Readonly<Record<string, string>> = {
  NEG: "hobena hobenaa korbona dibona debona parbona lagbena",
  NOW: "akhon akhoni ekkhuni ajkei aajkei aajke joldi shighroi sighroi shigro turonto",
  DEADLINE: "porjanto parjanto moddhei modhdhe obdhi",
  TIME: "kalke agamikal porshu sokal sokale shokal shokale ratre dupur dupure sombar mongolbar budhbar brihospotibar shukrobar sukrobar hopta saptaho shondhay",
  LEAVING: "bashabodol bashabadal probash probashe",
  OTHERS: "arekjon arekjn onnojon onnokeu onnoder lokjon kauke",
  MANY: "onekgulo anekgulo prochur onekei",
  INTEREST: "jigesh jiggasa jiggesa icchuk ichchhuk chaiche chaichhe",
  SCARCE: "ektamatro furiye furiyeche phuriye phuriyeche khotom shesher sheshta",
  FIRM: "sheshdam sheshdaam kombena komanojabena nirdharito chudanto churanto",
  PRICE: "daam daamta damta daamer damer mullo mulyo mullyo khoroch khorcha kotoy",
  REDUCE: "komaben komabo komate komaiben komaite dorodam dordam doradori dorkoshakoshi",
  LOSS: "lokson khoti kshoti kenadam kenadame kenadaam kinechilam kinechi kinlam",
  HARDSHIP:
    "kosto koshto kashto oshubidha osubidha obhab obhabe abhab chikitsa chikitsha hashpatal haspatale oshudher chakri bonna",
  MONEY: "takay nogod nagod poysa",
  APPEAL: "doyakorey onugroho anugroho onurodh shahajjo sahajjo sahajya bujhen",
  NEW: "nuton notunta natunta obyabohrito abyabohrito",
  LIKE_NEW: "notuner nutuner natuner chokchoke jhokjhoke jhakjhake",
  WEAR: "achor aachor daag dagi fata phata faata fike fhike",
  AGE: "poorono puronu bosor bochhorer bochorer masher",
  WORKS: "cholchhe chalche choltese choltase choltesi cholteche thikthak thikthaak kajkorche kaajkorche",
  DEAD: "cholchena cholena kajkorena kajkorchena khrap nosta nostho puira pureche puregeche",
  REPAIR: "meramot meramat thikkorte thikkorano bodlaite bodlaben sarabo",
  RARITY: "durlov durlob birol pawajayna paowajayna pawajabena",
  FIND: "paoa paoya pawajay paowajay pawajabe paowajabe paiben paibo upolobdho upolabdho",
  DEMAND: "bikkiri chahida chaahida jonoprio jonopriyo janapriya",
  FIRST: "prothome prothomei prathom prathome prothomjon",
  ARRIVED: "esheche eshegeche esegeche ashlo",
  DECIDE: "bolben bolen janaiben janaiyen janaio shiddhanto siddhanto sidhanto",
  CALM: "dhire dhirey dhiresushthe aastey somoyniye",
  FLEX: "alochona aalochona alochana kombesi kombeshi dekhajabe dekhajak bolekoye mitiye",
};

export const EXTRA_ML: Readonly<Record<string, string>> = {
  NEG: "illa illaa vendaa cheyyilla kodukkilla",
  NOW: "ippo ippoll ippozhe ippothanne ippolthanne pettennu pettenn petten udane innuthanne",
  DEADLINE: "varey vareyum mumbu munbu munpe",
  TIME: "naale naaley rathri raatri raavile ravile uchakku aazhcha azhcha njayarazhcha shaniyazhcha thingalazhcha velliyazhcha",
  LEAVING:
    "naatilekku natilekku naattilek naatil sthalamattam sthalamaattam videsham videshathekku veedumaarunnu",
  OTHERS: "mattoru mattullavar vereyaal aarelum arelum aalkar aalkkar",
  MANY: "oruppadu orupad orupaad kurey dhaaralam dharalam kooduthal palarum",
  INTEREST:
    "chodhichu chodichirunnu anweshichu anveshichu anweshikkunnu vilichu vilichirunnu thalparyam thalpariyam",
  SCARCE:
    "mathram matram maatram mathrame onnumathram avasanam avasaanathe theernu theerum theernnupoyi kazhinjupoyi",
  FIRM: "maarilla marilla kurakkilla kurakilla kurayilla avasanavila",
  PRICE: "vilaye vilayum thuka chilavu chelavu ethraya ethrayanu ethrakku",
  REDUCE: "kurakku kuraykku kurakkumo kurakkamo kurakkan kuravu kuranja kuranju vilapesham",
  LOSS: "nashtam nashttam nastam labham laabham vangichathu medichathu medicha",
  HARDSHIP:
    "kashtam kashttam budhimuttu buddhimuttu aashupathri aasupathri aspathri kudumbam prashnam prasnam asukham sukhamilla vellappokkam pralayam jolipoyi",
  MONEY: "panam panathinu rokkam roakkam kaashu",
  APPEAL:
    "dayavaayi dayavai manasilakku manassilaakku manassilakkanam sahayikku sahayikkane sahaayikkane sahayam",
  NEW: "puthiyathu puthiyath puthuthu puthuputhan upayogikkatha upayogikkaatha thodaatha thodatha",
  LIKE_NEW: "puthupole puthiyapole puthiyathupole adipoli kidilan kidu nallathu",
  WEAR: "poral porral kuzhi keeri keeriya keerinja pottal thurumbu thurumpichu karakal nirammangi odinju odinja",
  AGE: "pazhayathu pazhakkam pazhakam varsham varshamayi maasam masam maasamayi",
  WORKS: "odunnu odunnund odunnundu cheyyunnund pravarthikkunnu kuzhappamilla kozhappamilla",
  DEAD: "kedu kedaayipoyi kedayipoyi odunnilla cheyyunnilla pravarthikkunnilla kathipoyi",
  REPAIR: "nannakkan nannaakkanam nannakkendi maattendi mattendi mattanam",
  RARITY: "apurvam apoorvamaya kittatha kittaatha kittanpaadu kittanpadu",
  FIND: "kittumo kittunnu kittiyal labhikkum",
  DEMAND: "vittupokunnu vittupoyi vilkkum vilkunnu vilpana",
  FIRST: "adyam aadhyam aadyathe adyathe aadyamvarunnavar",
  ARRIVED: "vannittund vannitund ethiyittund ethiyitund",
  DECIDE: "parayoo parayane parayanam ariyikku ariyikkane theerumanam theerumaanam theerumanikku",
  CALM: "pathiye pathukkey samadhanamayi samadhanam saavakaasham savakasham pedikkanda",
  FLEX: "samsarikkaam samsarikkamo nokkaam nokkamo sheriyakkam sheriyaakkam",
};

export const EXTRA_TA: Readonly<Record<string, string>> = {
  NEG: "illainga illanga vendam vendaam vaendam mudiyaathu mudiyadu mudiyala maattom kidaiyathu kedayathu kidaiyaadhu",
  NOW: "ippodhu ippothu ipove ipave seekirama sikirama sikkiram udanadiya udanadiyaga vegama vegamaa",
  DEADLINE: "kulle munnadi munnaadi munbu varaikku varaiyil",
  TIME: "nalaikku naalaiku nalai sayangalam saayanthiram sayanthiram rathiri raathirikku kaalaiyila kalaila mathiyam sanikizhamai gnayiru nyayiru vellikizhamai thingakizhamai",
  LEAVING:
    "sonthaoorukku sondhaoorukku kelambaren kilambaren kilamburom kelamburom veedumaathurom velinaadu velinaatukku",
  OTHERS: "mathavanga mattravanga mathavangalukku yaaravadhu yaaravathu innoruvar",
  MANY: "neraiya niraiya rombave rombavae evvalavo ethanaiyo adhigam athigam palar",
  INTEREST: "kekkiranga ketkiraanga visarichanga visaarichaanga aarvam aarvama kooptanga koopitanga",
  SCARCE:
    "kadaisiya kadasiya onnumattum onnudhan onnuthan theernthu theernthuchu theerndhuchu mudinjuchu mudinjiduchu mudinjidum",
  FIRM: "kuraiyadhu kuraiyaathu kuraiyathu kadaisivilai",
  PRICE: "vilaiyai vilaikku evlo evvalavu evalo yevlo mathippu madhippu selavu",
  REDUCE: "koraikka kuraivu kuraivaa kuraivaga koranja korainja kuraichukonga korachukonga thallupadi",
  LOSS: "nashttam nattam vaanguna vaangunadhu vangina vanginen adakkavilai laabamilla labamilla",
  HARDSHIP:
    "kashtama kastama sirammam siramam kadan kadanu marunthu maruthuvam pirachanai prachanai panakashtam velapoyiduchu feesu",
  MONEY: "kasu dhuddu thuddu duddu rokkam panathukku",
  APPEAL:
    "dayavuseidhu dayavuseidu thayavuseithu thayavu udhavi udhavunga uthavunga purinjukkonga kenjikkaren kenjikaren",
  NEW: "puthu pudhusaa puthusaa pudhusa puthusa pirikkala pirikkadha payanpaduthala payanpaduthaadha",
  LIKE_NEW: "pudhusumaadhiri puthusumathiri pudhusupola puthusupola semma nallairukku nallairukkudhu",
  WEAR: "keeralgal odainju udainju udanchu kilinju nasungi nasunjuchu nelivu karaigal thurupidichu thuruppidichu mangiduchu virisal vedippu",
  AGE: "pazhasaa varusam varsham varushama varushathukku maasama",
  WORKS:
    "velaiseiyudhu velaseiyuthu velaseiyudhu seyalpadudhu workaagudhu workagudhu prachanaiyilla pirachanaiyilla nallaodudhu",
  DEAD: "kettupoyiduchu kettuduchu odala odaadhu velaseiyala velaiseiyala workaagala workagala erinjuchu erinjiduchu sethuduchu settuduchu",
  REPAIR: "saripannanum sariseyyanum repairpannanum maathikanum",
  RARITY: "apoorvamana kidaikkaadhu kidaikkathu kedaikathu kedaikaadhu aridhu",
  FIND: "kidaikuma kidaikkuma kedaikkum kidaikudhu kidaikuthu kidaichuchu kidaichathu",
  DEMAND: "vikkudhu vikkuthu vitrudum vithiduchu vittrupochu",
  FIRST: "modhalil mudhalil mothalla mothal mudhalavadhu",
  ARRIVED: "vandhurukku vanthurukku vandhiduchu vanthiduchu vandhadhu vandhruchu",
  DECIDE: "solunga sollungo sollitunga mudivupannunga mudiveduthu mudivedunga theermaanam theermanam",
  CALM: "nidhaanama medhuva methuva porumai porumaiyaa kavalaipadadheenga kavalapadathinga",
  FLEX: "pesikkalam pesikalaam pesalaam paakalaam paakkalam paathukkalam saripannalam",
};
